#include "ChatController.h"

#include "ChatView.h"
#include "MessageWidget.h"
#include "llm/LlmTypes.h"
#include "memory/MemoryService.h"
#include "memory/TurnPipeline.h"

namespace engram {

ChatController::ChatController(ChatEngine& engine, MemoryService& memory, ChatView& view, QObject* parent)
    : QObject(parent)
    , m_engine(engine)
    , m_memory(memory)
    , m_view(view)
{
    connect(&engine, &ChatEngine::turnStarted, this, &ChatController::onTurnStarted);
    connect(&engine, &ChatEngine::replyDelta, this, &ChatController::onReplyDelta);
    connect(&engine, &ChatEngine::replyCut, this, &ChatController::onReplyCut);
    connect(&engine, &ChatEngine::partialReplyKept, this, &ChatController::onPartialReplyKept);
    connect(&engine, &ChatEngine::replyFinished, this, &ChatController::onReplyFinished);
    connect(&engine, &ChatEngine::replyFailed, this, &ChatController::onReplyFailed);
    connect(&engine, &ChatEngine::memoriesUsed, this, &ChatController::onMemoriesUsed);
    connect(&engine, &ChatEngine::memoryNotice, this, &ChatController::onMemoryNotice);
    connect(&view, &ChatView::retryRequested, this, &ChatController::retry);
    connect(&view, &ChatView::regenerateRequested, this, &ChatController::regenerate);
    connect(&view, &ChatView::undoRequested, this, &ChatController::onUndoRequested);
}

QString ChatController::shortReason(ChatEngine::ErrorKind kind)
{
    switch (kind) {
    case ChatEngine::ErrorKind::NotConfigured:
        return tr("Not answered: no model is set up yet.");
    case ChatEngine::ErrorKind::Unreachable:
        return tr("Not answered: the model could not be reached.");
    case ChatEngine::ErrorKind::Unauthorized:
        return tr("Not answered: the endpoint did not accept the API key.");
    case ChatEngine::ErrorKind::RateLimited:
        return tr("Not answered: the endpoint is limiting requests for now.");
    case ChatEngine::ErrorKind::Timeout:
        return tr("Not answered: the model took too long.");
    case ChatEngine::ErrorKind::ServerError:
        return tr("Not answered: the endpoint reported an error.");
    case ChatEngine::ErrorKind::BadResponse:
        return tr("Not answered: the model's answer could not be read.");
    case ChatEngine::ErrorKind::Storage:
        return tr("Not sent: the message could not be saved.");
    }
    return {};
}

void ChatController::showNothing(const QString& placeholder)
{
    m_conversation = {};
    m_view.clear();
    m_view.setIncognito(false);
    m_view.setPlaceholder(placeholder);
}

void ChatController::showConversation(const QString& userId, const Conversation& conversation)
{
    m_userId = userId;
    m_conversation = conversation;
    loadTranscript();
}

void ChatController::loadTranscript()
{
    m_view.clear();
    m_view.setIncognito(m_conversation.incognito);
    m_view.setPlaceholder(m_conversation.incognito
                              ? QString()
                              : tr("Ask anything. What matters is remembered across conversations; "
                                   "see and change it in the memory panel (Ctrl+M)."));
    QList<Message> messages;
    if (m_conversation.incognito) {
        messages = m_incognito.value(m_conversation.id);
    } else if (auto transcript = m_memory.transcript(m_userId, m_conversation.id)) {
        messages = *transcript;
    } else {
        Q_EMIT statusMessage(tr("Could not load this conversation: %1").arg(transcript.errorMessage()));
    }
    for (const Message& m : std::as_const(messages)) {
        if (m.role == Role::System)
            continue;
        MessageWidget* w = m_view.appendMessage(m.role, m.content, m.createdAt);
        w->setMessageId(m.id);
        if (m.role == Role::Assistant)
            w->setUsedMemories(usedMemoriesFromMetadata(m.metadata));
        if (m.status == MessageStatus::Stopped)
            w->setState(MessageWidget::State::Stopped);
        else if (m.status == MessageStatus::Failed)
            w->setFailure(m.role == Role::User ? tr("No reply was received.") : tr("This reply was interrupted."),
                          true);
        if (m.role == Role::Assistant && TurnPipeline::isCut(m))
            showCutNotice();
    }
    attachRunningTurn();
    // A question left without a reply (the app quit, or the turn failed after storing it).
    MessageWidget* last = m_view.lastMessage();
    if (!showsTurn() && last && last->role() == Role::User && last->state() != MessageWidget::State::Failed)
        last->setFailure(tr("No reply was received."), true);
    updateActions();
    m_view.scrollToLatest();
}

bool ChatController::showsTurn() const
{
    return m_turn && m_turn->conversation.id == m_conversation.id;
}

// Coming back to a conversation whose reply is still streaming: show what has arrived so far.
void ChatController::attachRunningTurn()
{
    if (!showsTurn())
        return;
    MessageWidget* user = nullptr;
    const auto shown = m_view.messages();
    for (MessageWidget* w : shown) {
        if (!m_turn->userMessageId.isEmpty() && w->messageId() == m_turn->userMessageId)
            user = w;
    }
    if (!user) {
        user = m_view.appendMessage(Role::User, m_turn->userText, m_memory.clock().now());
        user->setMessageId(m_turn->userMessageId);
    }
    m_turn->userWidget = user;
    m_turn->replyWidget = m_view.appendMessage(Role::Assistant, m_turn->reply, m_memory.clock().now());
    m_turn->replyWidget->setState(MessageWidget::State::Streaming);
    m_turn->replyWidget->setUsedMemories(m_turn->used);
}

TurnRequest ChatController::newRequest(const QString& text) const
{
    TurnRequest r;
    r.userId = m_userId;
    r.conversationId = m_conversation.id;
    r.text = text;
    r.incognito = m_conversation.incognito;
    return r;
}

bool ChatController::send(const QString& typed)
{
    const QString text = typed.trimmed();
    if (isBusy() || text.isEmpty() || m_conversation.id.isEmpty())
        return false;
    TurnRequest request = newRequest(text);
    MessageWidget* user = m_view.appendMessage(Role::User, text, m_memory.clock().now());
    if (m_conversation.incognito) {
        auto& session = m_incognito[m_conversation.id];
        request.history = incognitoHistory(int(session.size()));
        Message m;
        m.id = newId();
        m.role = Role::User;
        m.content = text;
        m.createdAt = m_memory.clock().now();
        session.append(m);
        user->setMessageId(m.id);
    }
    m_view.scrollToLatest();
    if (!startTurn(request, false, user)) {
        m_view.removeMessage(user);
        return false;
    }
    Q_EMIT messageSent(request.conversationId, text);
    return true;
}

bool ChatController::startTurn(TurnRequest request, bool regenerate, MessageWidget* userWidget)
{
    Turn turn;
    turn.userId = m_userId;
    turn.conversation = m_conversation;
    turn.userText = request.text;
    turn.userMessageId = userWidget ? userWidget->messageId() : QString();
    turn.userWidget = userWidget;
    turn.replyWidget = m_view.appendMessage(Role::Assistant, QString(), m_memory.clock().now());
    turn.replyWidget->setState(MessageWidget::State::Streaming);
    m_turn = turn;
    updateActions();
    Q_EMIT busyChanged(true);

    if (request.incognito)
        request.userMessageId.clear(); // local ids mean nothing to the engine
    const QString id = regenerate ? m_engine.regenerate(request) : m_engine.send(request);
    if (id.isEmpty()) {
        m_view.removeMessage(turn.replyWidget);
        m_turn.reset();
        updateActions();
        Q_EMIT busyChanged(false);
        Q_EMIT statusMessage(tr("The previous reply is still being written."));
        return false;
    }
    // The engine may have answered already, inside send(): then the turn has ended.
    if (m_turn && m_turn->id.isEmpty())
        m_turn->id = id;
    return true;
}

void ChatController::stop()
{
    if (isBusy())
        m_engine.stop();
}

void ChatController::forgetIncognito(const QString& conversationId)
{
    m_incognito.remove(conversationId);
}

bool ChatController::isCurrent(const QString& turnId)
{
    if (!m_turn)
        return false;
    if (m_turn->id.isEmpty()) // signals that arrive before send() has returned
        m_turn->id = turnId;
    return m_turn->id == turnId;
}

void ChatController::endTurn()
{
    m_turn.reset();
    updateActions();
    Q_EMIT busyChanged(false);
}

void ChatController::updateActions()
{
    const auto shown = m_view.messages();
    for (qsizetype i = 0; i < shown.size(); ++i) {
        const bool last = i == shown.size() - 1;
        MessageWidget* w = shown[i];
        w->setRegenerateVisible(last && !isBusy() && w->role() == Role::Assistant &&
                                w->state() != MessageWidget::State::Streaming);
        w->setRetryEnabled(last && !isBusy());
    }
}

void ChatController::onTurnStarted(const QString& turnId, const QString& userMessageId)
{
    if (!isCurrent(turnId) || userMessageId.isEmpty())
        return;
    m_turn->userMessageId = userMessageId;
    if (m_turn->userWidget)
        m_turn->userWidget->setMessageId(userMessageId);
}

void ChatController::onReplyDelta(const QString& turnId, const QString& text)
{
    if (!isCurrent(turnId))
        return;
    m_turn->reply += text;
    if (m_turn->replyWidget)
        m_turn->replyWidget->appendText(text);
}

void ChatController::onMemoriesUsed(const QString& turnId, const QList<UsedMemory>& items)
{
    if (!isCurrent(turnId))
        return;
    m_turn->used = items;
    if (m_turn->replyWidget)
        m_turn->replyWidget->setUsedMemories(items);
    Q_EMIT contextUsed(items);
}

void ChatController::onReplyCut(const QString& turnId)
{
    if (isCurrent(turnId))
        m_turn->cut = true;
}

void ChatController::onPartialReplyKept(const QString& turnId, const QString& messageId)
{
    if (isCurrent(turnId))
        m_turn->keptReplyId = messageId;
}

void ChatController::showCutNotice()
{
    m_view.appendNotice(tr("This reply was longer than %L1 characters: its first part is kept, the rest was not "
                           "read.")
                            .arg(kMaxReplyChars),
                        QString());
}

void ChatController::onReplyFinished(const QString& turnId, const QString& messageId, bool stopped)
{
    if (!isCurrent(turnId))
        return;
    const Turn turn = *m_turn;
    QString id = messageId;
    if (turn.conversation.incognito) {
        Message m;
        m.id = id = newId();
        m.role = Role::Assistant;
        m.content = turn.reply;
        m.status = stopped ? MessageStatus::Stopped : MessageStatus::Complete;
        m.createdAt = m_memory.clock().now();
        m_incognito[turn.conversation.id].append(m);
    }
    if (turn.replyWidget) {
        turn.replyWidget->setMessageId(id);
        turn.replyWidget->setState(stopped ? MessageWidget::State::Stopped : MessageWidget::State::Complete);
    }
    if (turn.cut && showsTurn()) {
        showCutNotice();
        Q_EMIT statusMessage(tr("The reply was cut at the length limit."));
    }
    endTurn();
    if (!stopped || !turn.reply.isEmpty())
        Q_EMIT turnSucceeded();
    Q_EMIT conversationUpdated(turn.conversation.id);
}

void ChatController::onReplyFailed(const QString& turnId, ChatEngine::ErrorKind kind, const QString& message)
{
    if (!isCurrent(turnId))
        return;
    const Turn turn = *m_turn;
    const QString reason = shortReason(kind);
    QList<Message>* session = turn.conversation.incognito ? &m_incognito[turn.conversation.id] : nullptr;
    if (turn.reply.isEmpty()) {
        m_view.removeMessage(turn.replyWidget);
        if (turn.userWidget)
            turn.userWidget->setFailure(reason, true);
        if (session) {
            for (Message& m : *session) {
                if (m.id == turn.userMessageId)
                    m.status = MessageStatus::Failed;
            }
        }
    } else {
        // Part of the reply arrived before the failure: keep it, marked, with Retry.
        if (turn.replyWidget) {
            turn.replyWidget->setFailure(tr("This reply was interrupted."), true);
            turn.replyWidget->setMessageId(turn.keptReplyId); // so that Retry replaces it
        }
        if (session) {
            Message m;
            m.id = newId();
            m.role = Role::Assistant;
            m.content = turn.reply;
            m.status = MessageStatus::Failed;
            m.createdAt = m_memory.clock().now();
            session->append(m);
            if (turn.replyWidget)
                turn.replyWidget->setMessageId(m.id);
        }
    }
    endTurn();
    Q_EMIT turnFailed(kind, message);
    Q_EMIT conversationUpdated(turn.conversation.id);
}

QList<ChatMessage> ChatController::incognitoHistory(int upTo) const
{
    QList<ChatMessage> history;
    const QList<Message> session = m_incognito.value(m_conversation.id);
    for (int i = 0; i < upTo && i < session.size(); ++i) {
        if (session[i].status != MessageStatus::Failed)
            history.append({session[i].role, session[i].content});
    }
    return history;
}

void ChatController::retry(MessageWidget* message)
{
    if (isBusy() || !message || message != m_view.lastMessage())
        return;
    if (message->role() == Role::Assistant) {
        regenerate(message);
        return;
    }
    TurnRequest request = newRequest(message->text());
    request.userMessageId = message->messageId();
    if (m_conversation.incognito) {
        auto& session = m_incognito[m_conversation.id];
        for (int i = 0; i < session.size(); ++i) {
            if (session[i].id == message->messageId()) {
                session[i].status = MessageStatus::Complete;
                request.history = incognitoHistory(i);
            }
        }
    }
    message->setState(MessageWidget::State::Complete);
    // A stored question is answered again; one that never reached the database is sent anew.
    if (!startTurn(request, !request.userMessageId.isEmpty(), message))
        message->setFailure(tr("Not answered yet."), true);
}

void ChatController::regenerate(MessageWidget* reply)
{
    const auto shown = m_view.messages();
    if (isBusy() || shown.size() < 2 || reply != shown.last() || reply->role() != Role::Assistant)
        return;
    MessageWidget* user = shown[shown.size() - 2];
    if (user->role() != Role::User)
        return;
    TurnRequest request = newRequest(user->text());
    request.userMessageId = user->messageId();
    request.replacesMessageId = reply->messageId();
    if (m_conversation.incognito) {
        auto& session = m_incognito[m_conversation.id];
        session.removeIf([&](const Message& m) { return m.id == reply->messageId(); });
        for (int i = 0; i < session.size(); ++i) {
            if (session[i].id == user->messageId())
                request.history = incognitoHistory(i);
        }
    }
    m_view.removeMessage(reply);
    startTurn(request, true, user);
}

void ChatController::onMemoryNotice(const QString& conversationId, ChatEngine::NoticeKind kind, const QString& text,
                                    const QString& undoToken)
{
    if (!undoToken.isEmpty())
        m_noticeTexts.insert(undoToken, text);
    QString line;
    switch (kind) {
    case ChatEngine::NoticeKind::Remembered:
        line = tr("Remembered: %1").arg(text);
        break;
    case ChatEngine::NoticeKind::LessSure:
        //: A memory notice: the user said the reply was wrong, so a fact it used is now in doubt
        line = tr("Less sure: %1").arg(text);
        break;
    case ChatEngine::NoticeKind::Confirmed:
        //: A memory notice: the user said the reply was right, so a fact it used is now confirmed
        line = tr("Confirmed: %1").arg(text);
        break;
    }
    if (conversationId == m_conversation.id)
        m_view.appendNotice(line, undoToken);
    else
        Q_EMIT statusMessage(line);
}

void ChatController::onUndoRequested(const QString& undoToken)
{
    const Status st = m_engine.undoMemory(m_userId, undoToken);
    if (!st) {
        Q_EMIT statusMessage(tr("Could not undo: %1").arg(st.errorMessage()));
        return;
    }
    m_view.markNoticeUndone(undoToken, tr("No longer remembered: %1").arg(m_noticeTexts.take(undoToken)));
}

} // namespace engram
