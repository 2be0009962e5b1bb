#pragma once

#include "ChatEngine.h"

#include <QDateTime>
#include <QScrollArea>

class QLabel;
class QVBoxLayout;

namespace engram {

class MessageWidget;

// The conversation as a column of messages and notices. Streams without flicker (each reply
// re-renders at most every 50 ms), follows the newest text unless the user has scrolled up, and
// forwards what the user asks of a message (retry, regenerate, a memory to show, an undo).
class ChatView final : public QScrollArea
{
    Q_OBJECT

public:
    explicit ChatView(QWidget* parent = nullptr);

    void clear();
    MessageWidget* appendMessage(Role role, const QString& text, const QDateTime& time);
    void removeMessage(MessageWidget* message);
    // An inline line after a turn, e.g. "Remembered: project → 短视频", with Undo when a token is given.
    void appendNotice(const QString& text, const QString& undoToken);
    // The notice of `undoToken` now says it was undone, and offers no Undo.
    void markNoticeUndone(const QString& undoToken, const QString& text);

    QList<MessageWidget*> messages() const;
    MessageWidget* lastMessage() const;
    // The text shown when there are no messages, and whether this conversation is incognito.
    void setPlaceholder(const QString& text);
    void setIncognito(bool incognito);

    // True while the view keeps the newest text in sight (the user has not scrolled up).
    bool followsLatest() const { return m_follow; }
    void scrollToLatest();
    // Marks the message with this id (and no other) and scrolls it into view.
    // False when the conversation shown has no such message.
    bool highlightMessage(const QString& messageId);
    MessageWidget* highlightedMessage() const;

Q_SIGNALS:
    void retryRequested(engram::MessageWidget* message);
    void regenerateRequested(engram::MessageWidget* message);
    void memoryActivated(const QString& id);
    void undoRequested(const QString& undoToken);
    void statusMessage(const QString& text);

private:
    void insertEntry(QWidget* entry);
    void updatePlaceholder();

    QWidget* m_column{};
    QVBoxLayout* m_entries{};
    QLabel* m_incognitoLabel{};
    QLabel* m_placeholder{};
    bool m_follow{true};
};

} // namespace engram
