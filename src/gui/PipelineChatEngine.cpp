#include "PipelineChatEngine.h"

#include "GuiLog.h"
#include "llm/LlmClient.h"
#include "llm/LlmError.h"
#include "memory/FactApplier.h"
#include "memory/FactLabels.h"
#include "memory/JobRunner.h"
#include "memory/MemoryService.h"
#include "memory/TurnPipeline.h"
#include "storage/Database.h"

#include <QTimer>

namespace engram {

PipelineChatEngine::PipelineChatEngine(MemoryService& memory, TurnPipeline& pipeline, LlmClient& client,
                                       JobRunner* jobs, QObject* parent)
    : ChatEngine(parent)
    , m_memory(memory)
    , m_pipeline(pipeline)
    , m_client(client)
    , m_jobs(jobs)
{
    connect(&pipeline, &TurnPipeline::factsLearned, this, &PipelineChatEngine::announce);
    connect(&pipeline, &TurnPipeline::savingDelayed, this,
            [this](const QString& reason) { Q_EMIT memorySavingDelayed(reason, m_memory.database().isServer()); });
    connect(&pipeline, &TurnPipeline::savedAgain, this, &ChatEngine::memorySavedAgain);
    if (jobs) {
        connect(jobs, &JobRunner::factsLearned, this, &PipelineChatEngine::announce);
        connect(jobs, &JobRunner::forgotten, this, [this](const QString& userId, qsizetype archived) {
            if (archived > 0)
                Q_EMIT memoryForgotten(userId, archived);
        });
    }
    if (!m_client.settings().validate().ok())
        m_state = ConnectionState::NotConfigured;
}

QString PipelineChatEngine::send(const TurnRequest& request)
{
    return start(request, false);
}

QString PipelineChatEngine::regenerate(const TurnRequest& request)
{
    if (!request.incognito && !request.replacesMessageId.isEmpty()) {
        // The replaced reply leaves the working window; the new one takes its place.
        if (auto st = m_memory.remove(request.userId, request.replacesMessageId); !st)
            qCWarning(lcGui) << "could not take the replaced reply out of the window:" << st.errorMessage();
    }
    return start(request, !request.incognito && !request.userMessageId.isEmpty());
}

QString PipelineChatEngine::start(const TurnRequest& request, bool retry)
{
    if (isBusy())
        return {};
    const QString turnId = QStringLiteral("turn-%1").arg(++m_turnCount);
    Conversation conversation;
    if (request.incognito) {
        // TurnPipeline keeps an incognito conversation's messages itself, in memory only.
        conversation.id = request.conversationId;
        conversation.userId = request.userId;
        conversation.incognito = true;
    } else if (auto stored = m_memory.conversation(request.userId, request.conversationId)) {
        conversation = *stored;
    } else {
        const QString why = stored.errorMessage();
        QTimer::singleShot(0, this, [this, turnId, why] {
            Q_EMIT turnStarted(turnId, QString());
            Q_EMIT replyFailed(turnId, ErrorKind::Storage, why);
        });
        return turnId;
    }
    // The pipeline announces what the message taught (announce()) before send() returns.
    m_userId = request.userId;
    m_conversationId = request.conversationId;
    auto turn = retry ? m_pipeline.retry(request.userId, conversation, request.userMessageId)
                      : m_pipeline.send(request.userId, conversation, request.text);
    if (!turn) {
        const QString why = turn.errorMessage();
        QTimer::singleShot(0, this, [this, turnId, why] {
            Q_EMIT turnStarted(turnId, QString());
            Q_EMIT replyFailed(turnId, ErrorKind::Storage, why);
        });
        return turnId;
    }
    follow(*turn, turnId);
    return turnId;
}

void PipelineChatEngine::follow(Turn* turn, const QString& turnId)
{
    m_turn = turn;
    connect(turn, &Turn::delta, this, [this, turnId](const QString& piece) {
        setState(ConnectionState::Connected);
        Q_EMIT replyDelta(turnId, piece);
    });
    connect(turn, &Turn::finished, this, [this, turnId](const Message& reply) {
        m_turn.clear();
        setState(ConnectionState::Connected);
        if (TurnPipeline::isCut(reply))
            Q_EMIT replyCut(turnId);
        Q_EMIT replyFinished(turnId, reply.id, reply.status == MessageStatus::Stopped);
    });
    connect(turn, &Turn::failed, this, [this, turn, turnId](const LlmError& error, const QString&) {
        m_turn.clear();
        if (!turn->keptReplyId.isEmpty())
            Q_EMIT partialReplyKept(turnId, turn->keptReplyId);
        const ErrorKind kind = errorKind(error);
        setState(kind == ErrorKind::Unreachable || kind == ErrorKind::Timeout ? ConnectionState::Unreachable
                                                                              : ConnectionState::Connected);
        Q_EMIT replyFailed(turnId, kind, error.text());
    });
    Q_EMIT turnStarted(turnId, turn->userMessageId);
    if (turn->hasContext()) {
        Q_EMIT memoriesUsed(turnId, turn->used);
    } else { // built once the query's embedding is in
        connect(turn, &Turn::contextReady, this, [this, turn, turnId] { Q_EMIT memoriesUsed(turnId, turn->used); });
    }
}

void PipelineChatEngine::announce(const QString& userId, const AppliedFacts& applied)
{
    if (userId != m_userId)
        return;
    for (const AppliedFacts::Change& change : applied.changes) {
        const QString fact = FactLabels::statement(change.subject, change.predicate, change.object);
        switch (change.outcome) {
        case SemanticMemory::Outcome::Reinforced:
            break; // the same value again changes nothing the user would want to undo
        case SemanticMemory::Outcome::Weakened:
            // Undo would delete the fact; the memory panel confirms or rejects it instead.
            Q_EMIT memoryNotice(m_conversationId, NoticeKind::LessSure, fact, QString());
            break;
        case SemanticMemory::Outcome::Confirmed:
            Q_EMIT memoryNotice(m_conversationId, NoticeKind::Confirmed, fact, QString());
            break;
        case SemanticMemory::Outcome::Created:
        case SemanticMemory::Outcome::Superseded:
        case SemanticMemory::Outcome::Pending:
            Q_EMIT memoryNotice(m_conversationId, NoticeKind::Remembered, fact, change.factId);
            break;
        }
    }
}

void PipelineChatEngine::stop()
{
    if (m_turn)
        m_turn->stop();
}

bool PipelineChatEngine::isBusy() const
{
    return m_turn && m_turn->isRunning();
}

Status PipelineChatEngine::undoMemory(const QString& userId, const QString& undoToken)
{
    return m_memory.revertFact(userId, undoToken);
}

QString PipelineChatEngine::modelName() const
{
    return m_client.settings().chatModel;
}

void PipelineChatEngine::settingsChanged()
{
    setState(!m_client.settings().validate().ok() ? ConnectionState::NotConfigured : ConnectionState::Unknown);
    Q_EMIT modelNameChanged(modelName());
    if (m_jobs) {
        if (auto st = m_jobs->enqueueEmbeddingRebuild(); !st)
            qCWarning(lcGui) << "cannot queue the embedding rebuild:" << st.errorMessage();
    }
}

void PipelineChatEngine::setState(ConnectionState state)
{
    if (state == m_state)
        return;
    m_state = state;
    Q_EMIT connectionStateChanged(state);
}

ChatEngine::ErrorKind PipelineChatEngine::errorKind(const LlmError& error)
{
    switch (error.kind) {
    case LlmError::Kind::BadKey:
        return ErrorKind::Unauthorized;
    case LlmError::Kind::Unreachable:
        return ErrorKind::Unreachable;
    case LlmError::Kind::RateLimited:
        return ErrorKind::RateLimited;
    case LlmError::Kind::Timeout:
        return ErrorKind::Timeout;
    case LlmError::Kind::UnknownModel:
    case LlmError::Kind::BadRequest:
    case LlmError::Kind::ServerError:
        return ErrorKind::ServerError;
    case LlmError::Kind::UnreadableReply:
    case LlmError::Kind::Interrupted:
    case LlmError::Kind::Cancelled:
        return ErrorKind::BadResponse;
    }
    return ErrorKind::ServerError;
}

} // namespace engram
