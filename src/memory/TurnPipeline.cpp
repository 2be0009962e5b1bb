#include "memory/TurnPipeline.h"

#include "llm/ChatBackend.h"
#include "llm/Prompts.h"
#include "llm/RuleExtractor.h"
#include "memory/FeedbackApplier.h"
#include "memory/JobRunner.h"
#include "memory/MemoryService.h"

#include <QLoggingCategory>
#include <QTimer>

Q_DECLARE_LOGGING_CATEGORY(lcMemory)

namespace engram {

void Turn::stop()
{
    if (m_done)
        return;
    m_stopped = true;
    // Either emits failed(Cancelled) synchronously; the pipeline then stores the partial reply.
    if (m_reply)
        m_reply->cancel();
    else if (m_embedding)
        m_embedding->cancel();
}

TurnPipeline::TurnPipeline(MemoryService& memory, ChatBackend& backend, JobRunner* jobs, QObject* parent)
    : QObject(parent)
    , m_memory(memory)
    , m_backend(backend)
    , m_jobs(jobs)
{
    m_saveRetry.setSingleShot(true);
    connect(&m_saveRetry, &QTimer::timeout, this, &TurnPipeline::retryUnsaved);
}

void TurnPipeline::retryUnsaved()
{
    while (!m_unsaved.isEmpty()) {
        auto stored = store(m_unsaved.constFirst());
        if (!stored) {
            m_unsaved.first().reason = stored.errorMessage();
            m_saveRetry.start(std::min(kMaxSaveRetryMs, m_saveRetry.interval() * 2));
            return;
        }
        m_unsaved.removeFirst();
    }
    qCInfo(lcMemory) << "the kept replies are stored now";
    Q_EMIT savedAgain();
}

void TurnPipeline::learnExplicitFacts(const QString& userId, const Message& message)
{
    AppliedFacts learned;
    const FactOperations ops = RuleExtractor::extract(message.content);
    if (!ops.isEmpty()) {
        FactApplier::Provenance provenance;
        provenance.source = FactSource::UserInput;
        provenance.conversationId = message.conversationId;
        provenance.messageId = message.id;
        auto applied = FactApplier::apply(m_memory, userId, ops, provenance);
        if (!applied)
            qCWarning(lcMemory) << "cannot store explicit facts:" << applied.errorMessage();
        else
            learned = *applied;
    }
    // A correction that states the new value ("不对，我在阿里工作") has already superseded the old
    // one; weakening the reply's other facts as well would punish what the user did not dispute.
    if (learned.changes.isEmpty() && learned.forgotten.isEmpty()) {
        auto feedback = FeedbackApplier::apply(m_memory, userId, message, FeedbackDetector::classify(message.content));
        if (!feedback)
            qCWarning(lcMemory) << "cannot apply the user's feedback:" << feedback.errorMessage();
        else
            learned = *feedback;
    }
    if (!learned.changes.isEmpty() || !learned.forgotten.isEmpty())
        Q_EMIT factsLearned(userId, learned);
}

Result<Turn*> TurnPipeline::send(const QString& userId, const Conversation& conversation, const QString& text)
{
    if (text.trimmed().isEmpty())
        return Error::invalid(QStringLiteral("The message is empty"));
    if (conversation.incognito) {
        Message m;
        m.id = newId();
        m.userId = userId;
        m.conversationId = conversation.id;
        m.role = Role::User;
        m.content = text; // never stored, so nothing to mask
        m.createdAt = m_memory.clock().now();
        m_incognito[conversation.id].append(m);
        return start(userId, conversation, text, {});
    }
    auto stored = m_memory.appendMessage(userId, conversation.id, Role::User, text);
    if (!stored)
        return stored.error();
    if (m_memory.config().enabled)
        learnExplicitFacts(userId, *stored);
    return start(userId, conversation, stored->content, stored->id);
}

Result<Turn*> TurnPipeline::retry(const QString& userId, const Conversation& conversation, const QString& userMessageId)
{
    if (conversation.incognito) {
        const QList<Message>& messages = m_incognito.value(conversation.id);
        for (const Message& m : messages) {
            if (m.id == userMessageId)
                return start(userId, conversation, m.content, {});
        }
        return Error::notFound(QStringLiteral("There is no message %1").arg(userMessageId));
    }
    auto item = m_memory.item(userId, userMessageId);
    if (!item)
        return item.error();
    return start(userId, conversation, item->content, userMessageId);
}

ContextRequest TurnPipeline::contextRequest(const QString& userId, const Conversation& conversation,
                                            const QString& text, const QString& userMessageId) const
{
    const PromptLanguage language = Prompts::languageOf(text);
    ContextRequest request;
    request.userId = userId;
    request.conversationId = conversation.incognito ? QString() : conversation.id;
    request.query = text;
    request.queryMessageId = userMessageId;
    request.systemPrompt = Prompts::chatSystem(language);
    request.chinese = language == PromptLanguage::Chinese;
    request.includeMemory = m_memory.config().enabled;
    request.countAccess = false; // counted once the request is on its way (stream())
    return request;
}

Result<Turn*> TurnPipeline::start(const QString& userId, const Conversation& conversation, const QString& text,
                                  const QString& userMessageId)
{
    auto* turn = new Turn(this);
    turn->userId = userId;
    turn->conversation = conversation;
    turn->userMessageId = userMessageId;
    turn->userText = text;
    const ContextRequest request = contextRequest(userId, conversation, text, userMessageId);
    if (request.includeMemory && m_backend.canEmbed()) {
        embedQuery(turn, request);
        return turn;
    }
    if (auto st = stream(turn, request); !st) {
        delete turn;
        return st.error();
    }
    return turn;
}

void TurnPipeline::embedQuery(Turn* turn, ContextRequest request)
{
    const QString model = m_backend.embeddingModel();
    EmbeddingReply* reply = m_backend.embed({request.query}, model);
    turn->m_embedding = reply;
    auto* timeout = new QTimer(turn);
    timeout->setSingleShot(true);
    connect(timeout, &QTimer::timeout, turn, [turn] {
        if (turn->m_embedding)
            turn->m_embedding->cancel(); // failed(Cancelled): on with BM25 alone
    });
    timeout->start(kQueryEmbeddingTimeoutMs);
    whenDone(reply, turn, [this, turn, timeout, model, request](const LlmResult<EmbeddingResult>& result) mutable {
        timeout->stop();
        turn->m_embedding.clear();
        if (turn->m_stopped) {
            complete(turn, {}, MessageStatus::Stopped);
            return;
        }
        if (result && !result->vectors.isEmpty() && !result->vectors.first().isEmpty())
            request.queryVector = QueryVector{model, result->vectors.first()};
        else if (!result)
            qCInfo(lcMemory) << "no query embedding, keyword search only:" << result.error().text();
        streamOrFail(turn, request);
    });
}

void TurnPipeline::streamOrFail(Turn* turn, const ContextRequest& request)
{
    if (auto st = stream(turn, request); !st) {
        turn->m_done = true;
        LlmError error;
        error.kind = LlmError::Kind::BadRequest;
        error.message = st.errorMessage();
        Q_EMIT turn->failed(error, {});
        turn->deleteLater();
    }
}

Status TurnPipeline::stream(Turn* turn, const ContextRequest& request)
{
    auto context = m_memory.buildContext(request);
    if (!context)
        return context.error();
    const Conversation& conversation = turn->conversation;
    if (conversation.incognito) {
        // The in-memory window stands in for the stored one, before the new message.
        QList<Message> window = m_incognito.value(conversation.id);
        if (!window.isEmpty())
            window.removeLast();
        const qsizetype at = context->messages.size() - 1;
        for (qsizetype i = window.size() - 1; i >= 0 && i >= window.size() - 2 * m_memory.config().windowRounds; --i)
            context->messages.insert(at, ChatMessage{window.at(i).role, window.at(i).content});
    }
    turn->context = *context;
    turn->m_hasContext = true;
    turn->used = usedMemories(*context);

    ChatRequest chat;
    chat.messages = context->messages;
    ChatReply* reply = m_backend.streamChat(chat);
    turn->m_reply = reply;
    // Counting the accesses writes to the file: done after the request left, not before it.
    if (!conversation.incognito) {
        if (auto st = m_memory.countAccess(turn->userId, *context); !st)
            qCWarning(lcMemory) << "cannot count the memories' use:" << st.errorMessage();
    }
    connect(reply, &ChatReply::delta, turn, [turn](const QString& piece) {
        turn->m_text += piece;
        Q_EMIT turn->delta(piece);
    });
    connect(reply, &ChatReply::finished, turn,
            [this, turn](const ChatResult& result) { complete(turn, result, MessageStatus::Complete); });
    connect(reply, &ChatReply::failed, turn, [this, turn](const LlmError& error) {
        if (!turn->m_stopped) {
            fail(turn, error);
            return;
        }
        ChatResult partial;
        partial.text = turn->m_text;
        complete(turn, partial, MessageStatus::Stopped);
    });
    Q_EMIT turn->contextReady();
    return {};
}

bool TurnPipeline::isCut(const Message& reply)
{
    return reply.metadata.is_object() && reply.metadata.value("truncated", false);
}

void TurnPipeline::complete(Turn* turn, const ChatResult& result, MessageStatus status)
{
    if (turn->m_done)
        return;
    turn->m_done = true;
    // A reply cut at the limit is kept like one the user stopped: its first part, marked.
    const Message reply =
        keep(turn, result.text, result.truncated ? MessageStatus::Stopped : status, result.truncated);
    Q_EMIT turn->finished(reply);
    turn->deleteLater();
}

void TurnPipeline::fail(Turn* turn, const LlmError& error)
{
    if (turn->m_done)
        return;
    turn->m_done = true;
    // Incognito: the window's own session list shows the part; nothing is kept here.
    if (!turn->m_text.isEmpty() && !turn->conversation.incognito)
        turn->keptReplyId = keep(turn, turn->m_text, MessageStatus::Failed, false).id;
    Q_EMIT turn->failed(error, turn->m_text);
    turn->deleteLater();
}

Message TurnPipeline::keep(Turn* turn, const QString& text, MessageStatus status, bool cut)
{
    Message reply;
    reply.id = newId();
    reply.userId = turn->userId;
    reply.conversationId = turn->conversation.id;
    reply.role = Role::Assistant;
    reply.content = text;
    reply.status = status;
    reply.createdAt = m_memory.clock().now();
    Json metadata = Json::object();
    if (cut)
        metadata["truncated"] = true;
    reply.metadata = metadata;
    if (turn->conversation.incognito) {
        m_incognito[turn->conversation.id].append(reply);
        return reply;
    }
    metadata["reply_to"] = turn->userMessageId.toStdString();
    storeUsedMemories(metadata, turn->used);
    Json episodeMeta = Json::object();
    episodeMeta["user_message_id"] = turn->userMessageId.toStdString();
    PendingReply pending{turn->userId,
                         turn->conversation.id,
                         turn->userText,
                         turn->userMessageId,
                         text,
                         status,
                         std::move(metadata),
                         std::move(episodeMeta),
                         {}};
    // After one that waits, in order: a transcript never has a later reply before an earlier one.
    auto stored = m_unsaved.isEmpty() ? store(pending) : Result<Message>(Error::database(m_unsaved.first().reason));
    if (stored)
        return *stored;
    qCWarning(lcMemory) << "cannot store the reply now; it is kept and stored later:" << stored.errorMessage();
    pending.reason = stored.errorMessage();
    m_unsaved.append(std::move(pending));
    if (!m_saveRetry.isActive()) {
        m_saveRetry.setInterval(kFirstSaveRetryMs / 2); // doubled at the first try
        m_saveRetry.start(kFirstSaveRetryMs);
    }
    Q_EMIT savingDelayed(stored.errorMessage());
    if (status == MessageStatus::Failed)
        reply.id.clear(); // not in the transcript yet under any id
    return reply;
}

Result<Message> TurnPipeline::store(const PendingReply& pending)
{
    if (pending.status == MessageStatus::Failed) {
        // Interrupted: in the transcript, but not an exchange to remember nor to learn from (the
        // user's retry brings the whole reply, and with it the exchange).
        return m_memory.appendMessage(pending.userId, pending.conversationId, Role::Assistant, pending.text,
                                      pending.status, pending.metadata);
    }
    // The reply and its exchange in one transaction: a crash leaves both or neither.
    auto stored = m_memory.appendReply(pending.userId, pending.conversationId, pending.userText, pending.text,
                                       pending.status, pending.metadata, pending.episodeMeta);
    if (!stored)
        return stored.error();
    const Message reply = stored->message;
    if (m_jobs && m_memory.config().enabled && !pending.text.isEmpty()) {
        if (auto st = m_jobs->enqueueExtraction(pending.userId, pending.conversationId, pending.userMessageId, reply.id,
                                                pending.userText, reply.content);
            !st)
            qCWarning(lcMemory) << "cannot queue extraction:" << st.errorMessage();
        if (auto st = m_jobs->enqueueSummaryIfDue(pending.userId); !st)
            qCWarning(lcMemory) << "cannot queue a summary:" << st.errorMessage();
    }
    return reply;
}

} // namespace engram
