#pragma once

#include "ChatEngine.h"

#include <QHash>
#include <QObject>
#include <QPointer>

#include <optional>

namespace engram {

class ChatView;
class MemoryService;
class MessageWidget;

// Runs the turns of the conversation shown in a ChatView through a ChatEngine: shows the user's
// message at once, streams the reply into it, keeps stopped and failed turns visible with their
// mark and Retry, and holds incognito conversations for this session only (they are never stored).
class ChatController final : public QObject
{
    Q_OBJECT

public:
    ChatController(ChatEngine& engine, MemoryService& memory, ChatView& view, QObject* parent = nullptr);

    // Shows a conversation: its stored transcript, or what this session holds of an incognito one.
    void showConversation(const QString& userId, const Conversation& conversation);
    void showNothing(const QString& placeholder);
    QString conversationId() const { return m_conversation.id; }

    bool isBusy() const { return m_turn.has_value(); }
    // Starts a turn; false when one is running, the text is blank, or no conversation is shown.
    bool send(const QString& text);
    void stop();
    // An incognito conversation was closed: its messages are dropped.
    void forgetIncognito(const QString& conversationId);

    // One sentence for the failed message itself ("Not answered: …").
    static QString shortReason(ChatEngine::ErrorKind kind);

Q_SIGNALS:
    void busyChanged(bool busy);
    void messageSent(const QString& conversationId, const QString& text);
    void turnFailed(engram::ChatEngine::ErrorKind kind, const QString& message);
    void turnSucceeded();
    void contextUsed(const QList<engram::UsedMemory>& items);
    void conversationUpdated(const QString& conversationId);
    void statusMessage(const QString& text);

private:
    struct Turn
    {
        QString id;
        QString userId;
        Conversation conversation;
        QString userText;
        QString userMessageId;
        QString reply;
        QString keptReplyId; // a failed turn's partial reply, as stored
        bool cut{};          // the reply passed the length limit: only its first part is kept
        QList<UsedMemory> used;
        QPointer<MessageWidget> userWidget;
        QPointer<MessageWidget> replyWidget;
    };

    // A request for the shown conversation.
    TurnRequest newRequest(const QString& text) const;
    bool startTurn(TurnRequest request, bool regenerate, MessageWidget* userWidget);
    bool isCurrent(const QString& turnId);
    bool showsTurn() const;
    void attachRunningTurn();
    void endTurn();
    void updateActions();
    void loadTranscript();
    void retry(MessageWidget* message);
    void regenerate(MessageWidget* reply);
    QList<ChatMessage> incognitoHistory(int upTo) const;

    void onTurnStarted(const QString& turnId, const QString& userMessageId);
    void onReplyDelta(const QString& turnId, const QString& text);
    void onReplyCut(const QString& turnId);
    void onPartialReplyKept(const QString& turnId, const QString& messageId);
    // The notice under a reply that was cut at the length limit.
    void showCutNotice();
    void onReplyFinished(const QString& turnId, const QString& messageId, bool stopped);
    void onReplyFailed(const QString& turnId, ChatEngine::ErrorKind kind, const QString& message);
    void onMemoriesUsed(const QString& turnId, const QList<UsedMemory>& items);
    void onMemoryNotice(const QString& conversationId, ChatEngine::NoticeKind kind, const QString& text,
                        const QString& undoToken);
    void onUndoRequested(const QString& undoToken);

    ChatEngine& m_engine;
    MemoryService& m_memory;
    ChatView& m_view;
    QString m_userId;
    Conversation m_conversation;
    std::optional<Turn> m_turn;
    QHash<QString, QList<Message>> m_incognito; // conversation id → this session's messages
    QHash<QString, QString> m_noticeTexts;      // undo token → what was remembered
};

} // namespace engram
