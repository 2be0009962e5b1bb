#pragma once

#include "llm/LlmError.h"
#include "llm/LlmReply.h"
#include "llm/LlmSettings.h"

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QTimer>
#include <QUrl>

class QNetworkAccessManager;
class QNetworkReply;

namespace engram::detail {

// The largest whole (non-streamed) body read: far above any answer an endpoint gives (a chat reply
// of kMaxReplyChars Chinese characters, each escaped as six ASCII bytes, is about 6 MiB; 100 embeddings
// of 3,072 floats about 7 MiB), low enough that a runaway body cannot exhaust memory.
inline constexpr qint64 kMaxBodyBytes = qint64{32} << 20;

// One logical request to the endpoint behind an LlmReply: sends it, watches the connect, idle and
// total timeouts (and, for a stream, the whole-reply deadline, across retries), turns HTTP and network failures into LlmErrors, and retries with backoff (or
// Retry-After) while nothing has reached the caller. Subclasses say what to send and how to read
// the answer. Lives as a child of its reply, so it dies with it.
class LlmCall : public QObject
{
    Q_OBJECT

public:
    LlmCall(QNetworkAccessManager& nam, const LlmSettings& settings, LlmReply& reply);
    ~LlmCall() override;

    void start();

protected:
    virtual QByteArray verb() const { return QByteArrayLiteral("POST"); }
    virtual QUrl url() const = 0;
    virtual QByteArray body() const { return {}; }
    virtual bool streams() const { return false; }
    // Called before every attempt, so state of a failed attempt does not leak into the next.
    virtual void resetAttempt() {}
    // Bytes of a successful (2xx) streamed reply, as they arrive.
    virtual void onStreamBytes(const QByteArray& bytes) { Q_UNUSED(bytes); }
    // The attempt got a 2xx reply and the connection ended cleanly. `body` holds the whole reply
    // unless it was streamed (then it is empty).
    virtual void onSuccess(const QByteArray& body) = 0;
    // A refused request the call can rephrase (e.g. without response_format): true to resend at once.
    virtual bool adaptTo(const LlmError& error, const QByteArray& body)
    {
        Q_UNUSED(error);
        Q_UNUSED(body);
        return false;
    }
    // Whether some of the reply has reached the caller: from then on nothing is retried.
    virtual bool hasDelivered() const { return false; }

    // Ends this attempt with an error: retries when allowed, else fails the reply.
    void attemptFailed(const LlmError& error);
    // Stops the network request and every timer, silently.
    void stop();

    // Bytes of the reply body this attempt has received so far.
    qint64 receivedBytes() const { return m_received; }
    const LlmSettings& settings() const { return m_settings; }
    LlmError::Context context() const { return m_context; }
    void setContextModel(const QString& model) { m_context.model = model; }

private:
    void sendAttempt();
    void onRequestSent();
    void onReadyRead();
    void onFinished();
    void onTimeout(QTimer* which);
    void onDeadline();
    // Adds bytes of a whole body; false (and the call failed) past kMaxBodyBytes.
    bool appendBody(const QByteArray& bytes);
    void handleHttpError(int status, const QByteArray& body);
    LlmError networkError() const;
    QString logUrl() const;

    QNetworkAccessManager& m_nam;
    LlmSettings m_settings;
    LlmReply& m_reply;
    LlmError::Context m_context;
    QPointer<QNetworkReply> m_net;
    QTimer m_connectTimer;
    QTimer m_idleTimer;
    QTimer m_totalTimer;
    QTimer m_retryTimer;
    QTimer m_deadlineTimer; // a streamed reply's whole time, from start() on, retries included
    QElapsedTimer m_clock;
    QByteArray m_body;
    int m_retries{};
    int m_adaptations{};
    qint64 m_received{};
    bool m_streaming{}; // this attempt's reply is a 2xx event stream
};

} // namespace engram::detail
