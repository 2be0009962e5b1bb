#pragma once

#include "core/MemoryTypes.h"
#include "core/Result.h"
#include "llm/LlmTypes.h"
#include "memory/UsedMemory.h"

#include <QList>
#include <QObject>
#include <QString>

namespace engram {

// What the window asks an engine to do for one turn.
struct TurnRequest
{
    QString userId;
    QString conversationId;
    QString text;               // the user's message as typed (the engine redacts it before storing)
    QString userMessageId;      // Retry/Regenerate: the stored user message to answer again; empty = store `text`
    QString replacesMessageId;  // Regenerate: the reply that the new one replaces
    bool incognito{};           // nothing is stored and no memory is read or written
    QList<ChatMessage> history; // incognito only: the conversation so far, oldest first (never stored)
};

// The narrow interface between the window and whatever runs a turn (redact, store, build the
// context, stream the reply, store it, queue memory jobs). The window only calls these methods and
// follows the signals; tests substitute a scripted engine. One turn runs at a time.
class ChatEngine : public QObject
{
    Q_OBJECT

public:
    enum class ErrorKind
    {
        NotConfigured, // no endpoint or model is set up
        Unreachable,   // connection refused, DNS failure, TLS failure
        Unauthorized,  // 401/403: a missing or wrong API key
        RateLimited,   // 429 or a quota error
        Timeout,       // no answer or a stalled stream within the timeout
        ServerError,   // 5xx or an error body the endpoint sent
        BadResponse,   // the answer could not be understood
        Storage,       // the database refused to store the message
    };
    Q_ENUM(ErrorKind)

    enum class ConnectionState
    {
        Unknown,       // nothing tried yet
        Connected,     // the last request reached the model
        Unreachable,   // the last request could not reach it (or was refused)
        NotConfigured, // no endpoint is set up
    };
    Q_ENUM(ConnectionState)

    // What a memory notice reports, so the window can word it ("Remembered: …", "Less sure: …").
    enum class NoticeKind
    {
        Remembered, // a fact was learned or changed; the notice can undo it
        LessSure,   // the user said the reply was wrong: the fact it relied on was weakened
        Confirmed,  // the user said the reply was right: the fact it relied on was confirmed
    };
    Q_ENUM(NoticeKind)

    explicit ChatEngine(QObject* parent = nullptr);
    ~ChatEngine() override;

    // Starts a turn and returns its id; turnStarted follows (possibly before this returns).
    // An empty id means the engine is busy and nothing started.
    virtual QString send(const TurnRequest& request) = 0;
    // Answers request.userMessageId again (Retry after a failure, Regenerate the last reply) without
    // storing the question twice; request.replacesMessageId, when set, is the reply to take out of
    // the working window. For incognito turns request.text and request.history are used instead.
    virtual QString regenerate(const TurnRequest& request) = 0;
    // Stops the running turn: the partial reply is kept and replyFinished(…, stopped = true) follows.
    virtual void stop() = 0;
    virtual bool isBusy() const = 0;
    // Takes back what a memoryNotice announced.
    virtual Status undoMemory(const QString& userId, const QString& undoToken) = 0;

    virtual QString modelName() const = 0;
    virtual ConnectionState connectionState() const = 0;

Q_SIGNALS:
    // userMessageId is empty when the message was not stored (incognito, or the store failed).
    void turnStarted(const QString& turnId, const QString& userMessageId);
    void replyDelta(const QString& turnId, const QString& text);
    // messageId is the stored reply (empty when nothing was stored).
    void replyFinished(const QString& turnId, const QString& messageId, bool stopped);
    // The reply passed the length limit (kMaxReplyChars) and was cut: its first part is kept.
    // Comes just before replyFinished.
    void replyCut(const QString& turnId);
    // Part of the reply had arrived before the failure; it is stored as `messageId`, marked
    // interrupted. Comes just before replyFailed.
    void partialReplyKept(const QString& turnId, const QString& messageId);
    // `message` is the technical detail shown under the banner's explanation: never a header or a key.
    void replyFailed(const QString& turnId, engram::ChatEngine::ErrorKind kind, const QString& message);
    void memoriesUsed(const QString& turnId, const QList<engram::UsedMemory>& items);
    // Memory changed during a turn of `conversationId`; `text` is the fact, e.g. "project → 短视频".
    // An empty undoToken means the change cannot be taken back from the notice.
    void memoryNotice(const QString& conversationId, engram::ChatEngine::NoticeKind kind, const QString& text,
                      const QString& undoToken);
    void connectionStateChanged(engram::ChatEngine::ConnectionState state);
    void modelNameChanged(const QString& name);
    // The memory could not store a finished turn: its server did not answer (`onServer`), or its file
    // could not be written (a full disk). The message and the reply are kept and stored as soon as
    // it can; `reason` is the technical detail.
    void memorySavingDelayed(const QString& reason, bool onServer);
    // Everything kept since memorySavingDelayed is stored now.
    void memorySavedAgain();
    // Forgetting (a background pass) moved `archived` of the user's episodes to the archive.
    void memoryForgotten(const QString& userId, qsizetype archived);
};

} // namespace engram

Q_DECLARE_METATYPE(engram::UsedMemory)
