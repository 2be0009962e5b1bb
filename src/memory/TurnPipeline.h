#pragma once

#include "core/MemoryTypes.h"
#include "core/Result.h"
#include "llm/LlmError.h"
#include "memory/ContextBuilder.h"
#include "memory/FactApplier.h"
#include "memory/UsedMemory.h"

#include <QHash>
#include <QObject>
#include <QPointer>
#include <QTimer>

namespace engram {

class ChatBackend;
class ChatReply;
class EmbeddingReply;
class JobRunner;
class MemoryService;

// One turn in flight: the user's message is stored, the context built, the reply streaming.
// It ends with exactly one of finished() or failed(); the user's message is kept either way.
// With embeddings on, the context is built only once the query's vector came (or did not come
// in time): contextReady() says when `context` is filled.
class Turn final : public QObject
{
    Q_OBJECT

public:
    QString userId;
    Conversation conversation;
    QString userMessageId;  // empty in an incognito conversation (nothing is stored)
    QString userText;       // as stored: redacted
    ContextResult context;  // what the model was sent, with the memory ids (provenance)
    QList<UsedMemory> used; // the memories of `context`, as the stored reply's metadata lists them
    // The part of a reply that arrived before a failure, as stored (status Failed: interrupted);
    // empty when nothing arrived, nothing could be stored, or the conversation is incognito. Set
    // before failed() is emitted.
    QString keptReplyId;

    const QString& partialReply() const { return m_text; }
    bool hasContext() const { return m_hasContext; }
    bool isRunning() const { return !m_done; }
    // Ends the stream at once; the partial reply is kept, marked stopped.
    void stop();

Q_SIGNALS:
    // `context` is filled and the reply is being asked for.
    void contextReady();
    void delta(const QString& piece);
    // The reply as stored (status Complete, or Stopped after stop() or when it was cut at
    // kMaxReplyChars: then isCut(reply)).
    void finished(const engram::Message& reply);
    // The model could not answer; `partial` is whatever text arrived before the error, stored
    // (keptReplyId) so that it is in the transcript, marked interrupted.
    void failed(const engram::LlmError& error, const QString& partial);

private:
    friend class TurnPipeline;
    explicit Turn(QObject* parent)
        : QObject(parent)
    {}
    QPointer<EmbeddingReply> m_embedding; // the query's embedding, while it is awaited
    QPointer<ChatReply> m_reply;
    QString m_text;
    bool m_hasContext{};
    bool m_done{};
    bool m_stopped{};
};

// The turn pipeline: redact → store the user's message → apply explicit facts (RuleExtractor), or
// else the user's correction or confirmation of the previous reply (FeedbackApplier) → embed the
// query (when an embedding model is set; at most kQueryEmbeddingTimeoutMs, and BM25 alone if it
// fails) → build the context → stream the reply → count the memories' use → store the reply →
// record the exchange → queue extraction and summary jobs. Incognito conversations keep their
// messages in memory only and write nothing to any tier (the user's profile is still read,
// without counting an access).
class TurnPipeline final : public QObject
{
    Q_OBJECT

public:
    TurnPipeline(MemoryService& memory, ChatBackend& backend, JobRunner* jobs, QObject* parent = nullptr);

    // How long a turn waits for its query's embedding before it goes on with keyword search only.
    static constexpr int kQueryEmbeddingTimeoutMs = 2000;

    // Starts a turn. Fails only when the message cannot be stored (it is then not sent either).
    Result<Turn*> send(const QString& userId, const Conversation& conversation, const QString& text);
    // Asks again for the reply to a stored user message (after a failure, or to regenerate).
    Result<Turn*> retry(const QString& userId, const Conversation& conversation, const QString& userMessageId);

    // Whether a reply was cut at kMaxReplyChars (its metadata says so): only its first part is kept.
    static bool isCut(const Message& reply);

    // Replies that could not be stored yet (the memory server unreachable, a full disk): kept here
    // and stored as soon as the memory takes them again, tried every kFirstSaveRetryMs, doubling
    // up to kMaxSaveRetryMs.
    int unsavedReplies() const { return static_cast<int>(m_unsaved.size()); }
    static constexpr int kFirstSaveRetryMs = 500;
    static constexpr int kMaxSaveRetryMs = 30'000;

Q_SIGNALS:
    // Semantic memory changed because of what the user said ("Remembered: project → 短视频",
    // "Less sure: employer → 字节跳动").
    void factsLearned(const QString& userId, const engram::AppliedFacts& applied);
    // A reply could not be stored (`reason` says why); it is kept and stored when possible.
    void savingDelayed(const QString& reason);
    // Every kept reply is stored now.
    void savedAgain();

private:
    Result<Turn*> start(const QString& userId, const Conversation& conversation, const QString& text,
                        const QString& userMessageId);
    ContextRequest contextRequest(const QString& userId, const Conversation& conversation, const QString& text,
                                  const QString& userMessageId) const;
    void embedQuery(Turn* turn, ContextRequest request);
    // Builds the context and starts the reply; fails when the context cannot be built.
    Status stream(Turn* turn, const ContextRequest& request);
    // stream() after the query's embedding: a failure ends the turn instead.
    void streamOrFail(Turn* turn, const ContextRequest& request);
    void complete(Turn* turn, const ChatResult& result, MessageStatus status);
    // A failure: the part that arrived, if any, is stored as an interrupted reply first.
    void fail(Turn* turn, const LlmError& error);
    // The reply as it is kept: stored, or in this session's memory for an incognito conversation.
    Message keep(Turn* turn, const QString& text, MessageStatus status, bool cut);
    void learnExplicitFacts(const QString& userId, const Message& message);

    // A reply on its way to the memory: what keep() stores, kept until it is stored.
    struct PendingReply
    {
        QString userId;
        QString conversationId;
        QString userText;
        QString userMessageId;
        QString text;
        MessageStatus status{MessageStatus::Complete};
        Json metadata;
        Json episodeMeta;
        QString reason; // why the last try failed
    };
    // Stores it (the reply and its exchange, or an interrupted reply alone) and queues its jobs.
    Result<Message> store(const PendingReply& pending);
    void retryUnsaved();

    MemoryService& m_memory;
    ChatBackend& m_backend;
    QPointer<JobRunner> m_jobs;
    QHash<QString, QList<Message>> m_incognito; // conversation id → its messages, never written
    QList<PendingReply> m_unsaved;              // oldest first
    QTimer m_saveRetry;
};

} // namespace engram
