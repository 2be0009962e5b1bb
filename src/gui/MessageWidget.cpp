#include "MessageWidget.h"

#include "MessageBody.h"

#include <QApplication>
#include <QClipboard>
#include <QElapsedTimer>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPainter>
#include <QToolButton>
#include <QVBoxLayout>

namespace engram {

namespace {

constexpr int kRenderIntervalMs = 50;
constexpr int kMaxRenderIntervalMs = 1000;
constexpr int kMemoryTextChars = 90;

QString tierLabel(Tier tier)
{
    switch (tier) {
    case Tier::Working:
        return MessageWidget::tr("This conversation");
    case Tier::Episodic:
        return MessageWidget::tr("Past conversation");
    case Tier::Semantic:
        return MessageWidget::tr("Fact");
    case Tier::Archive:
        return MessageWidget::tr("Archived");
    }
    return {};
}

QString shortTime(const QDateTime& time)
{
    const QDateTime local = time.toLocalTime();
    const QLocale locale;
    if (local.date() == QDate::currentDate())
        return locale.toString(local.time(), QLocale::ShortFormat);
    return locale.toString(local, QLocale::ShortFormat);
}

QLabel* quietLabel(QWidget* parent)
{
    auto* label = new QLabel(parent);
    QPalette p = label->palette();
    p.setColor(QPalette::WindowText, p.color(QPalette::PlaceholderText));
    label->setPalette(p);
    return label;
}

QToolButton* linkButton(const QString& objectName, QWidget* parent)
{
    auto* button = new QToolButton(parent);
    button->setObjectName(objectName);
    button->setAutoRaise(true);
    button->setToolButtonStyle(Qt::ToolButtonTextOnly);
    button->setCursor(Qt::PointingHandCursor);
    // Quiet until hovered: the text of the conversation comes first.
    QPalette p = button->palette();
    p.setColor(QPalette::ButtonText, p.color(QPalette::PlaceholderText));
    button->setPalette(p);
    return button;
}

} // namespace

MessageWidget::MessageWidget(Role role, const QDateTime& time, QWidget* parent)
    : QFrame(parent)
    , m_role(role)
    , m_time(time)
{
    setObjectName(role == Role::User ? QStringLiteral("userMessage") : QStringLiteral("assistantMessage"));
    m_renderTimer.setSingleShot(true);
    m_renderTimer.setInterval(kRenderIntervalMs);
    connect(&m_renderTimer, &QTimer::timeout, this, &MessageWidget::render);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(12, 8, 12, 8);
    layout->setSpacing(4);
    buildHeader(layout);
    m_body = new MessageBody(this);
    m_body->setObjectName(QStringLiteral("messageBody"));
    layout->addWidget(m_body);
    buildFooter(layout);
    updateStatusLabel();
}

void MessageWidget::buildHeader(QVBoxLayout* layout)
{
    auto* header = new QHBoxLayout;
    header->setSpacing(8);
    m_roleLabel = new QLabel(m_role == Role::User ? tr("You") : tr("Assistant"), this);
    QFont bold = m_roleLabel->font();
    bold.setBold(true);
    m_roleLabel->setFont(bold);
    m_timeLabel = quietLabel(this);
    m_timeLabel->setText(shortTime(m_time));
    m_timeLabel->setToolTip(QLocale().toString(m_time.toLocalTime(), QLocale::LongFormat));
    m_statusLabel = quietLabel(this);
    m_statusLabel->setObjectName(QStringLiteral("statusLabel"));
    QFont italic = m_statusLabel->font();
    italic.setItalic(true);
    m_statusLabel->setFont(italic);

    m_copyButton = linkButton(QStringLiteral("copyButton"), this);
    m_copyButton->setText(tr("Copy"));
    m_copyButton->setToolTip(tr("Copy this message to the clipboard"));
    connect(m_copyButton, &QToolButton::clicked, this, [this] {
        QApplication::clipboard()->setText(m_text);
        Q_EMIT copied();
    });
    m_regenerateButton = linkButton(QStringLiteral("regenerateButton"), this);
    m_regenerateButton->setText(tr("Regenerate"));
    m_regenerateButton->setToolTip(tr("Write this reply again"));
    m_regenerateButton->setVisible(false);
    connect(m_regenerateButton, &QToolButton::clicked, this, &MessageWidget::regenerateRequested);

    header->addWidget(m_roleLabel);
    header->addWidget(m_timeLabel);
    header->addWidget(m_statusLabel);
    header->addStretch(1);
    header->addWidget(m_copyButton);
    header->addWidget(m_regenerateButton);
    layout->addLayout(header);
}

void MessageWidget::buildFooter(QVBoxLayout* layout)
{
    m_memoriesButton = linkButton(QStringLiteral("memoriesUsedButton"), this);
    m_memoriesButton->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_memoriesButton->setArrowType(Qt::RightArrow);
    m_memoriesButton->setVisible(false);
    m_memoriesButton->setToolTip(tr("What the assistant was reminded of for this reply"));
    m_memoriesList = new QWidget(this);
    m_memoriesList->setObjectName(QStringLiteral("memoriesUsedList"));
    auto* listLayout = new QVBoxLayout(m_memoriesList);
    listLayout->setContentsMargins(16, 0, 0, 0);
    listLayout->setSpacing(0);
    m_memoriesList->setVisible(false);
    // A disclosure, not a toggle button: the arrow says whether it is open.
    connect(m_memoriesButton, &QToolButton::clicked, this, [this] {
        const bool open = !m_memoriesList->isVisible();
        m_memoriesButton->setArrowType(open ? Qt::DownArrow : Qt::RightArrow);
        m_memoriesList->setVisible(open);
    });

    m_failureRow = new QWidget(this);
    auto* failure = new QHBoxLayout(m_failureRow);
    failure->setContentsMargins(0, 0, 0, 0);
    m_failureLabel = quietLabel(m_failureRow);
    m_failureLabel->setObjectName(QStringLiteral("failureLabel"));
    m_failureLabel->setWordWrap(true);
    m_retryButton = linkButton(QStringLiteral("retryButton"), m_failureRow);
    m_retryButton->setText(tr("Retry"));
    m_retryButton->setToolTip(tr("Send this message again"));
    connect(m_retryButton, &QToolButton::clicked, this, &MessageWidget::retryRequested);
    failure->addWidget(m_failureLabel, 1);
    failure->addWidget(m_retryButton);
    m_failureRow->setVisible(false);

    layout->addWidget(m_memoriesButton, 0, Qt::AlignLeft);
    layout->addWidget(m_memoriesList);
    layout->addWidget(m_failureRow);
}

void MessageWidget::paintEvent(QPaintEvent* /*event*/)
{
    if (m_role != Role::User && !m_highlighted)
        return;
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    if (m_highlighted) {
        // The source of a memory: the selection colour, as a frame and a light wash.
        QColor wash = palette().color(QPalette::Highlight);
        wash.setAlphaF(0.12f);
        painter.setPen(QPen(palette().color(QPalette::Highlight), 2));
        painter.setBrush(wash);
        painter.drawRoundedRect(QRectF(rect()).adjusted(1, 1, -1, -1), 8, 8);
        return;
    }
    // A faint, rounded backdrop tells the user's words from the replies without loud colours.
    QColor fill = palette().color(QPalette::Text);
    fill.setAlphaF(0.05f);
    painter.setPen(Qt::NoPen);
    painter.setBrush(fill);
    painter.drawRoundedRect(rect(), 8, 8);
}

void MessageWidget::setHighlighted(bool highlighted)
{
    if (m_highlighted == highlighted)
        return;
    m_highlighted = highlighted;
    update();
}

QString MessageWidget::renderedText() const
{
    return m_body->toPlainText();
}

void MessageWidget::setText(const QString& text)
{
    m_text = text;
    m_renderTimer.stop();
    render();
}

void MessageWidget::appendText(const QString& delta)
{
    m_text += delta;
    if (!m_renderTimer.isActive())
        m_renderTimer.start();
}

void MessageWidget::flush()
{
    if (m_renderTimer.isActive()) {
        m_renderTimer.stop();
        render();
    }
}

void MessageWidget::render()
{
    QElapsedTimer clock;
    clock.start();
    if (m_role == Role::Assistant)
        m_body->showMarkdown(m_text);
    else
        m_body->showPlainText(m_text);
    // Laying out a long reply (lists and tables most of all) can take longer than the interval:
    // then wait a few times that long, so streaming never takes more than a quarter of the GUI
    // thread and typing and scrolling stay smooth.
    const qint64 spent = clock.elapsed();
    m_renderTimer.setInterval(int(std::clamp<qint64>(3 * spent, kRenderIntervalMs, kMaxRenderIntervalMs)));
    m_body->setVisible(!m_text.isEmpty());
    if (m_state == State::Streaming)
        updateStatusLabel();
}

void MessageWidget::setState(State state)
{
    if (state != State::Streaming)
        flush();
    m_state = state;
    if (state != State::Failed)
        m_failureRow->setVisible(false);
    updateStatusLabel();
}

void MessageWidget::updateStatusLabel()
{
    switch (m_state) {
    case State::Streaming:
        m_statusLabel->setText(m_text.isEmpty() ? tr("thinking…") : tr("writing…"));
        break;
    case State::Stopped:
        m_statusLabel->setText(tr("stopped"));
        break;
    case State::Failed: // the failure line under the text says it
    case State::Complete:
        m_statusLabel->clear();
        break;
    }
    m_statusLabel->setVisible(!m_statusLabel->text().isEmpty());
    m_copyButton->setVisible(m_state != State::Streaming && !m_text.isEmpty());
}

void MessageWidget::setFailure(const QString& reason, bool canRetry)
{
    setState(State::Failed);
    m_failureLabel->setText(reason);
    m_retryButton->setVisible(canRetry);
    m_failureRow->setVisible(true);
}

void MessageWidget::setRetryEnabled(bool enabled)
{
    m_retryButton->setVisible(enabled && m_state == State::Failed);
}

void MessageWidget::setRegenerateVisible(bool visible)
{
    m_regenerateButton->setVisible(visible && m_role == Role::Assistant);
}

void MessageWidget::setUsedMemories(const QList<UsedMemory>& items)
{
    m_used = items;
    rebuildMemoryList();
}

void MessageWidget::rebuildMemoryList()
{
    QLayout* layout = m_memoriesList->layout();
    while (QLayoutItem* item = layout->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    m_memoriesButton->setText(tr("Memories used (%1)").arg(m_used.size()));
    m_memoriesButton->setVisible(m_role == Role::Assistant && !m_used.isEmpty());
    for (const UsedMemory& m : std::as_const(m_used)) {
        auto* button = linkButton(QStringLiteral("usedMemoryButton"), m_memoriesList);
        QString text = m.label.simplified();
        if (text.size() > kMemoryTextChars)
            text = text.left(kMemoryTextChars - 1) + QChar(0x2026);
        //: One memory that went into a reply: its kind, its text, and how many tokens it took
        button->setText(tr("%1 · %2 · %Ln token(s)", nullptr, m.tokens).arg(tierLabel(m.tier), text));
        button->setToolTip(tr("Show this item in the memory panel"));
        connect(button, &QToolButton::clicked, this, [this, id = m.id] { Q_EMIT memoryActivated(id); });
        layout->addWidget(button);
    }
}

} // namespace engram
