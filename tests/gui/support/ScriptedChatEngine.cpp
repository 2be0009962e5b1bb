#include "ScriptedChatEngine.h"

#include "memory/MemoryService.h"

#include <QTimer>

namespace engram::test {

ScriptedChatEngine::ScriptedChatEngine(MemoryService* memory, QObject* parent)
    : ChatEngine(parent)
    , m_memory(memory)
{}

void ScriptedChatEngine::setState(ConnectionState state)
{
    m_state = state;
    Q_EMIT connectionStateChanged(state);
}

void ScriptedChatEngine::setModel(const QString& name)
{
    m_model = name;
    Q_EMIT modelNameChanged(name);
}

QString ScriptedChatEngine::send(const TurnRequest& request)
{
    return start(request, true);
}

QString ScriptedChatEngine::regenerate(const TurnRequest& request)
{
    return start(request, request.userMessageId.isEmpty());
}

QString ScriptedChatEngine::start(const TurnRequest& request, bool storeUser)
{
    if (isBusy())
        return {};
    m_requests.append(request);
    m_request = request;
    m_turn = m_script.isEmpty() ? Turn{} : m_script.takeFirst();
    m_reply.clear();
    m_turnId = newId();
    QString userMessageId = request.userMessageId;
    if (storeUser && m_memory && !request.incognito) {
        auto stored = m_memory->appendMessage(request.userId, request.conversationId, Role::User, request.text);
        if (stored)
            userMessageId = stored->id;
    }
    const int generation = ++m_generation;
    QTimer::singleShot(0, this, [this, generation, userMessageId] {
        if (generation != m_generation)
            return;
        Q_EMIT turnStarted(m_turnId, userMessageId);
        if (!m_turn.used.isEmpty())
            Q_EMIT memoriesUsed(m_turnId, m_turn.used);
        play(0);
    });
    return m_turnId;
}

// One chunk per pass of the event loop, as a network stream would arrive.
void ScriptedChatEngine::play(int index)
{
    if (index < m_turn.chunks.size()) {
        m_reply += m_turn.chunks[index];
        Q_EMIT replyDelta(m_turnId, m_turn.chunks[index]);
        const int generation = m_generation;
        QTimer::singleShot(1, this, [this, generation, index] {
            if (generation == m_generation)
                play(index + 1);
        });
        return;
    }
    if (m_turn.failure) {
        const QString id = m_turnId;
        m_turnId.clear();
        ++m_generation;
        Q_EMIT replyFailed(id, *m_turn.failure, m_turn.failureMessage);
        return;
    }
    if (!m_turn.stall)
        finish(false);
}

void ScriptedChatEngine::stop()
{
    ++m_stopCalls;
    if (isBusy())
        finish(true);
}

void ScriptedChatEngine::finish(bool stopped)
{
    ++m_generation;
    QString messageId;
    if (m_memory && !m_request.incognito) {
        Json metadata = Json::object();
        storeUsedMemories(metadata, m_turn.used);
        auto stored = m_memory->appendMessage(m_request.userId, m_request.conversationId, Role::Assistant, m_reply,
                                              stopped ? MessageStatus::Stopped : MessageStatus::Complete, metadata);
        if (stored)
            messageId = stored->id;
    }
    const QString id = m_turnId;
    m_turnId.clear();
    Q_EMIT replyFinished(id, messageId, stopped);
    if (!stopped && !m_turn.notice.isEmpty())
        Q_EMIT memoryNotice(m_request.conversationId, m_turn.noticeKind, m_turn.notice, m_turn.undoToken);
}

Status ScriptedChatEngine::undoMemory(const QString& /*userId*/, const QString& undoToken)
{
    m_undone.append(undoToken);
    return {};
}

} // namespace engram::test
