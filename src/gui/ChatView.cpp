#include "ChatView.h"

#include "MessageWidget.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QScrollBar>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace engram {

namespace {

// A reader's column: lines much longer than this are tiring to follow.
constexpr int kColumnMaxWidth = 860;
// How close to the bottom still counts as "at the newest text", in pixels.
constexpr int kFollowSlack = 24;

const char* const kUndoTokenProperty = "undoToken";

} // namespace

ChatView::ChatView(QWidget* parent)
    : QScrollArea(parent)
{
    setWidgetResizable(true);
    setFrameShape(QFrame::NoFrame);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setBackgroundRole(QPalette::Base);

    auto* content = new QWidget(this);
    content->setObjectName(QStringLiteral("chatContent"));
    content->setBackgroundRole(QPalette::Base);
    auto* outer = new QHBoxLayout(content);
    outer->setContentsMargins(16, 12, 16, 12);
    m_column = new QWidget(content);
    m_column->setMaximumWidth(kColumnMaxWidth);
    m_column->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    outer->addStretch(0);
    outer->addWidget(m_column, 1);
    outer->addStretch(0);

    m_entries = new QVBoxLayout(m_column);
    m_entries->setContentsMargins(0, 0, 0, 0);
    m_entries->setSpacing(10);

    m_incognitoLabel = new QLabel(m_column);
    m_incognitoLabel->setObjectName(QStringLiteral("incognitoLabel"));
    m_incognitoLabel->setAlignment(Qt::AlignCenter);
    m_incognitoLabel->setWordWrap(true);
    m_incognitoLabel->setText(tr("Incognito conversation: nothing here is stored, and the assistant neither "
                                 "remembers nor recalls anything."));
    m_incognitoLabel->setForegroundRole(QPalette::PlaceholderText);
    m_incognitoLabel->setVisible(false);

    m_placeholder = new QLabel(m_column);
    m_placeholder->setObjectName(QStringLiteral("placeholderLabel"));
    m_placeholder->setAlignment(Qt::AlignCenter);
    m_placeholder->setWordWrap(true);
    m_placeholder->setForegroundRole(QPalette::PlaceholderText);
    m_placeholder->setContentsMargins(0, 48, 0, 0);

    m_entries->addWidget(m_incognitoLabel);
    m_entries->addWidget(m_placeholder);
    m_entries->addStretch(1);
    setWidget(content);

    QScrollBar* bar = verticalScrollBar();
    connect(bar, &QScrollBar::rangeChanged, this, [this](int, int max) {
        if (m_follow)
            verticalScrollBar()->setValue(max);
    });
    connect(bar, &QScrollBar::valueChanged, this,
            [this](int value) { m_follow = value >= verticalScrollBar()->maximum() - kFollowSlack; });
}

void ChatView::clear()
{
    const QList<QWidget*> entries = m_column->findChildren<QWidget*>(QString(), Qt::FindDirectChildrenOnly);
    for (QWidget* w : entries) {
        if (w != m_incognitoLabel && w != m_placeholder)
            delete w;
    }
    m_follow = true;
    updatePlaceholder();
}

void ChatView::insertEntry(QWidget* entry)
{
    // Before the trailing stretch, which keeps a short conversation at the top.
    m_entries->insertWidget(m_entries->count() - 1, entry);
    updatePlaceholder();
}

MessageWidget* ChatView::appendMessage(Role role, const QString& text, const QDateTime& time)
{
    auto* message = new MessageWidget(role, time, m_column);
    message->setText(text);
    connect(message, &MessageWidget::retryRequested, this, [this, message] { Q_EMIT retryRequested(message); });
    connect(message, &MessageWidget::regenerateRequested, this,
            [this, message] { Q_EMIT regenerateRequested(message); });
    connect(message, &MessageWidget::memoryActivated, this, &ChatView::memoryActivated);
    connect(message, &MessageWidget::copied, this,
            [this] { Q_EMIT statusMessage(tr("Copied the message to the clipboard.")); });
    insertEntry(message);
    return message;
}

void ChatView::removeMessage(MessageWidget* message)
{
    if (!message)
        return;
    m_entries->removeWidget(message);
    delete message;
    updatePlaceholder();
}

void ChatView::appendNotice(const QString& text, const QString& undoToken)
{
    auto* notice = new QWidget(m_column);
    notice->setObjectName(QStringLiteral("memoryNotice"));
    notice->setProperty(kUndoTokenProperty, undoToken);
    auto* row = new QHBoxLayout(notice);
    row->setContentsMargins(12, 0, 12, 0);
    auto* label = new QLabel(text, notice);
    label->setObjectName(QStringLiteral("noticeLabel"));
    label->setForegroundRole(QPalette::PlaceholderText);
    label->setWordWrap(true);
    row->addWidget(label, 1);
    if (!undoToken.isEmpty()) {
        auto* undo = new QToolButton(notice);
        undo->setObjectName(QStringLiteral("undoButton"));
        undo->setAutoRaise(true);
        undo->setCursor(Qt::PointingHandCursor);
        undo->setText(tr("Undo"));
        undo->setToolTip(tr("Forget this again"));
        connect(undo, &QToolButton::clicked, this, [this, undoToken] { Q_EMIT undoRequested(undoToken); });
        row->addWidget(undo);
    }
    insertEntry(notice);
}

void ChatView::markNoticeUndone(const QString& undoToken, const QString& text)
{
    const QList<QWidget*> notices = m_column->findChildren<QWidget*>(QStringLiteral("memoryNotice"));
    for (QWidget* notice : notices) {
        if (notice->property(kUndoTokenProperty).toString() != undoToken)
            continue;
        if (auto* label = notice->findChild<QLabel*>(QStringLiteral("noticeLabel")))
            label->setText(text);
        delete notice->findChild<QToolButton*>(QStringLiteral("undoButton"));
    }
}

QList<MessageWidget*> ChatView::messages() const
{
    QList<MessageWidget*> list;
    for (int i = 0; i < m_entries->count(); ++i) {
        if (auto* m = qobject_cast<MessageWidget*>(m_entries->itemAt(i)->widget()))
            list.append(m);
    }
    return list;
}

MessageWidget* ChatView::lastMessage() const
{
    const auto list = messages();
    return list.isEmpty() ? nullptr : list.last();
}

void ChatView::setPlaceholder(const QString& text)
{
    m_placeholder->setText(text);
    updatePlaceholder();
}

void ChatView::setIncognito(bool incognito)
{
    m_incognitoLabel->setVisible(incognito);
}

void ChatView::updatePlaceholder()
{
    // Two fixed entries and the stretch: anything beyond them is a message or a notice.
    const bool empty = m_entries->count() <= 3;
    m_placeholder->setVisible(empty && !m_placeholder->text().isEmpty());
}

void ChatView::scrollToLatest()
{
    m_follow = true;
    verticalScrollBar()->setValue(verticalScrollBar()->maximum());
}

bool ChatView::highlightMessage(const QString& messageId)
{
    MessageWidget* found = nullptr;
    for (MessageWidget* m : messages()) {
        const bool match = !messageId.isEmpty() && m->messageId() == messageId;
        m->setHighlighted(match);
        if (match)
            found = m;
    }
    if (!found)
        return false;
    m_follow = false;
    // After the layout has placed a transcript just loaded.
    QTimer::singleShot(0, found, [this, found] { ensureWidgetVisible(found, 0, height() / 3); });
    return true;
}

MessageWidget* ChatView::highlightedMessage() const
{
    const auto list = messages();
    const auto it = std::find_if(list.cbegin(), list.cend(), [](const MessageWidget* m) { return m->isHighlighted(); });
    return it == list.cend() ? nullptr : *it;
}

} // namespace engram
