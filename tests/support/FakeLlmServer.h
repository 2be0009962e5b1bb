#pragma once

#include "FakeReply.h"
#include "llm/LlmSettings.h"

#include <QList>
#include <QObject>
#include <QString>
#include <QTcpServer>

#include <memory>

namespace engram::test {

struct FakeServerOptions;
class FakeHttpConnection;

// A real HTTP/1.1 server on 127.0.0.1 that speaks the OpenAI API the way LlmClient expects:
// scripted replies from a queue (errors, stalls, dropped connections, SSE split at any byte),
// a sensible deterministic answer when nothing is scripted, and a record of every request.
//   FakeLlmServer server;                       // listens on a free port
//   LlmClient client(server.clientSettings());
//   server.enqueue(FakeReply::error(500, QStringLiteral("boom")));
class FakeLlmServer final : public QObject
{
    Q_OBJECT

public:
    // Listens on 127.0.0.1:`port` (0: a free port the system picks).
    explicit FakeLlmServer(quint16 port = 0, QObject* parent = nullptr);
    ~FakeLlmServer() override;

    bool isListening() const { return m_server.isListening(); }
    QString errorString() const { return m_server.errorString(); }
    quint16 port() const { return m_server.serverPort(); }
    // http://127.0.0.1:PORT/v1
    QString baseUrl() const;
    // Settings for a client of this server: its URL, the key "sk-test-fake-key", model
    // "fake-chat", short retry delays; timeouts generous enough for a loaded machine.
    LlmSettings clientSettings() const;

    // Scripting: the first queued reply whose matcher accepts a request answers it, once.
    void enqueue(const FakeReply& reply);
    void enqueue(const FakeMatcher& matcher, const FakeReply& reply);
    int pendingReplies() const { return static_cast<int>(m_queue.size()); }
    void clearQueue() { m_queue.clear(); }

    // Behaviour when nothing queued matches.
    void setRequiredApiKey(const QString& key); // others get 401; empty: any key
    void setRejectResponseFormat(bool reject);  // 400 for requests with response_format
    void setRejectStreamOptions(bool reject);   // 400 for requests with stream_options
    void setModels(const QStringList& ids);     // /models, and the known models below
    void setRejectUnknownModels(bool reject);   // 404 model_not_found for models not in the list
    // Pace unscripted replies: `chunkBytes`-byte pieces `delayMs` apart (for a demo that "types").
    void setDefaultPacing(int chunkBytes, int delayMs);

    // What happened.
    const QList<RecordedRequest>& requests() const { return m_requests; }
    int requestCount() const { return static_cast<int>(m_requests.size()); }
    int requestCount(const FakeMatcher& matcher) const;
    RecordedRequest lastRequest() const { return m_requests.isEmpty() ? RecordedRequest() : m_requests.last(); }
    void clearRequests() { m_requests.clear(); }
    // Responses the client hung up on before the server finished sending them.
    int abortedResponses() const { return m_aborted; }
    // Responses sent to the end, and responses the server cut short on purpose (dropAfter).
    int completedResponses() const { return m_completed; }
    int droppedResponses() const { return m_dropped; }

    // A deterministic unit vector for `text` (hashed bag of tokens): what unscripted /embeddings returns.
    static QList<float> embeddingFor(const QString& text, int dimensions = 64);

Q_SIGNALS:
    void requestReceived(const engram::test::RecordedRequest& request);

private:
    friend class FakeHttpConnection;
    void onNewConnection();
    FakeReply replyFor(const RecordedRequest& request);
    void handle(FakeHttpConnection* connection, const RecordedRequest& request);
    enum class Ending
    {
        Completed,
        Dropped,
        AbortedByClient
    };
    void responseEnded(Ending ending);

    struct Scripted
    {
        FakeMatcher matcher;
        FakeReply reply;
    };

    QTcpServer m_server;
    QList<Scripted> m_queue;
    QList<RecordedRequest> m_requests;
    std::unique_ptr<FakeServerOptions> m_options;
    QString m_requiredKey;
    bool m_rejectResponseFormat{};
    bool m_rejectStreamOptions{};
    bool m_rejectUnknownModels{};
    int m_aborted{};
    int m_completed{};
    int m_dropped{};
};

} // namespace engram::test

Q_DECLARE_METATYPE(engram::test::RecordedRequest)
