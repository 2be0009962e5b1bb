#include "ErrorBanner.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QPushButton>
#include <QStringList>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

namespace engram {

ErrorBanner::ErrorBanner(QWidget* parent)
    : QFrame(parent)
{
    setObjectName(QStringLiteral("errorBanner"));
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(12, 8, 8, 8);
    row->setSpacing(10);

    m_icon = new QLabel(this);
    const int iconSize = style()->pixelMetric(QStyle::PM_SmallIconSize);
    m_icon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxWarning).pixmap(iconSize, iconSize));
    m_icon->setAlignment(Qt::AlignTop);

    auto* texts = new QVBoxLayout;
    texts->setSpacing(2);
    m_text = new QLabel(this);
    m_text->setObjectName(QStringLiteral("errorTextLabel"));
    m_text->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_detail = new QLabel(this);
    m_detail->setObjectName(QStringLiteral("errorDetailLabel"));
    m_detail->setWordWrap(true);
    m_detail->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_detail->setForegroundRole(QPalette::PlaceholderText);
    texts->addWidget(m_text);
    texts->addWidget(m_detail);

    m_settingsButton = new QPushButton(tr("Open Settings…"), this);
    m_settingsButton->setObjectName(QStringLiteral("openSettingsButton"));
    connect(m_settingsButton, &QPushButton::clicked, this, &ErrorBanner::settingsRequested);
    m_closeButton = new QToolButton(this);
    m_closeButton->setObjectName(QStringLiteral("closeBannerButton"));
    m_closeButton->setAutoRaise(true);
    m_closeButton->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    m_closeButton->setToolTip(tr("Hide this message"));
    connect(m_closeButton, &QToolButton::clicked, this, &QWidget::hide);

    row->addWidget(m_icon, 0, Qt::AlignTop);
    row->addLayout(texts, 1);
    row->addWidget(m_settingsButton, 0, Qt::AlignVCenter);
    row->addWidget(m_closeButton, 0, Qt::AlignTop);
    setVisible(false);
}

void ErrorBanner::showMessage(const QString& text, const QString& detail, bool offerSettings, Topic topic)
{
    m_topic = topic;
    m_text->setText(text);
    m_detail->setText(detail);
    m_detail->setVisible(!detail.isEmpty());
    m_settingsButton->setVisible(offerSettings);
    show();
}

void ErrorBanner::showTurnError(ChatEngine::ErrorKind kind, const QString& detail, const QString& endpoint)
{
    QString text;
    bool offerSettings = true;
    switch (kind) {
    case ChatEngine::ErrorKind::NotConfigured:
        text = tr("No model is connected, so the assistant cannot answer yet. Open Settings to choose a provider "
                  "or enter the address of an OpenAI-compatible endpoint. Conversations and memory keep working "
                  "meanwhile.");
        break;
    case ChatEngine::ErrorKind::Unreachable:
        text = tr("The model cannot be reached at %1. Check that the server is running and that the address in "
                  "Settings is right; your message is kept, so you can retry.")
                   .arg(endpoint);
        break;
    case ChatEngine::ErrorKind::Unauthorized:
        text = tr("The endpoint did not accept the API key. Check the key in Settings; your message is kept, so "
                  "you can retry.");
        break;
    case ChatEngine::ErrorKind::RateLimited:
        text = tr("The endpoint is limiting requests right now. Wait a moment, then retry your message.");
        offerSettings = false;
        break;
    case ChatEngine::ErrorKind::Timeout:
        text = tr("The model did not answer in time. It may be busy or still loading; retry in a moment, or allow "
                  "more time in Settings.");
        break;
    case ChatEngine::ErrorKind::ServerError:
        text = tr("The endpoint reported an error. Your message is kept; retry in a moment.");
        offerSettings = false;
        break;
    case ChatEngine::ErrorKind::BadResponse:
        text = tr("The model's answer could not be understood. Check the chat model in Settings.");
        break;
    case ChatEngine::ErrorKind::Storage:
        text = tr("Your message could not be saved. It stays on screen; retry in a moment.");
        offerSettings = false;
        break;
    }
    showMessage(text, detail, offerSettings);
}

void ErrorBanner::showSavingDelayed(const QString& reason, bool onServer)
{
    // On a memory file the cause is a full disk, not a server: a user without one is not told of one.
    QStringList lines{
        onServer ? tr("Your message and the reply are kept and will be saved as soon as the server answers again.")
                 : tr("Your message and the reply are kept and will be saved as soon as the memory file can be "
                      "written again.")};
    if (!reason.isEmpty())
        lines.append(reason); // the technical detail, on a line of its own as under a turn's error
    // Settings (Memory Storage) can change a server's address; it cannot free a disk.
    showMessage(onServer ? tr("Memory server unreachable") : tr("Memory could not be saved"),
                lines.join(QLatin1Char('\n')), onServer, Topic::Memory);
}

void ErrorBanner::dismiss(Topic topic)
{
    if (m_topic == topic)
        hide();
}

QString ErrorBanner::text() const
{
    return m_text->text();
}

QString ErrorBanner::detail() const
{
    return m_detail->text();
}

// A warm tint of the window colour, light or dark as the theme is, instead of a loud red. Painted,
// not style-sheeted, so the native style keeps drawing the buttons and labels inside.
void ErrorBanner::paintEvent(QPaintEvent* /*event*/)
{
    const QColor window = palette().color(QPalette::Window);
    const bool dark = window.lightness() < 128;
    const QColor amber = dark ? QColor(0x8a, 0x5a, 0x00) : QColor(0xf2, 0xb1, 0x34);
    auto mix = [&](double t) {
        return QColor::fromRgbF(float(window.redF() * (1 - t) + amber.redF() * t),
                                float(window.greenF() * (1 - t) + amber.greenF() * t),
                                float(window.blueF() * (1 - t) + amber.blueF() * t));
    };
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(QPen(mix(dark ? 0.6 : 0.5), 1));
    painter.setBrush(mix(dark ? 0.35 : 0.16));
    painter.drawRoundedRect(QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5), 6, 6);
}

} // namespace engram
