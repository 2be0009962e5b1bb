#pragma once

#include "ChatEngine.h"

#include <QDateTime>
#include <QFrame>
#include <QTimer>

class QLabel;
class QToolButton;
class QVBoxLayout;

namespace engram {

class MessageBody;

// One message in the chat: who and when, the text (Markdown for the assistant), and what can be
// done with it — copy, regenerate, retry, and the "Memories used" disclosure of a reply.
class MessageWidget final : public QFrame
{
    Q_OBJECT

public:
    enum class State
    {
        Complete,
        Streaming, // a reply still arriving
        Stopped,   // a reply the user stopped: kept, and marked
        Failed,    // a user message that got no reply: kept, with Retry
    };
    Q_ENUM(State)

    MessageWidget(Role role, const QDateTime& time, QWidget* parent = nullptr);

    Role role() const { return m_role; }
    QString messageId() const { return m_messageId; }
    void setMessageId(const QString& id) { m_messageId = id; }
    QString text() const { return m_text; }
    // The text as shown now: Markdown rendered to plain text, for tests and accessibility.
    QString renderedText() const;
    State state() const { return m_state; }

    void setText(const QString& text);
    // Streaming: collects the delta and re-renders at most every 50 ms (longer when rendering is slow),
    // so long replies never flicker nor hold up the window.
    void appendText(const QString& delta);
    // Renders what has arrived without waiting for the timer.
    void flush();
    void setState(State state);
    // A failed user message says why and, when `canRetry`, offers Retry.
    void setFailure(const QString& reason, bool canRetry);
    void setRetryEnabled(bool enabled);
    void setRegenerateVisible(bool visible);
    void setUsedMemories(const QList<UsedMemory>& items);
    // Marked as the message a memory came from ("Show Where This Came From").
    void setHighlighted(bool highlighted);
    bool isHighlighted() const { return m_highlighted; }
    QList<UsedMemory> usedMemories() const { return m_used; }

Q_SIGNALS:
    void retryRequested();
    void regenerateRequested();
    void copied();
    void memoryActivated(const QString& id);

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    void buildHeader(QVBoxLayout* layout);
    void buildFooter(QVBoxLayout* layout);
    void render();
    void updateStatusLabel();
    void rebuildMemoryList();

    Role m_role{Role::User};
    QDateTime m_time;
    QString m_messageId;
    QString m_text;
    State m_state{State::Complete};
    bool m_highlighted{};
    QList<UsedMemory> m_used;
    QTimer m_renderTimer;

    QLabel* m_roleLabel{};
    QLabel* m_timeLabel{};
    QLabel* m_statusLabel{};
    QToolButton* m_copyButton{};
    QToolButton* m_regenerateButton{};
    MessageBody* m_body{};
    QToolButton* m_memoriesButton{};
    QWidget* m_memoriesList{};
    QWidget* m_failureRow{};
    QLabel* m_failureLabel{};
    QToolButton* m_retryButton{};
};

} // namespace engram
