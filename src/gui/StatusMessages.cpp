#include "StatusMessages.h"

#include <QStatusBar>

namespace engram {

namespace {

// About what a reader takes per character beyond what fits in the usual time.
constexpr int kMsPerCharacter = 60;

} // namespace

StatusMessages::StatusMessages(QStatusBar* bar, QObject* parent)
    : QObject(parent)
    , m_bar(bar)
{
    m_next.setSingleShot(true);
    connect(&m_next, &QTimer::timeout, this, &StatusMessages::showNext);
    // A status tip under the pointer clears the message; a waiting notice need not wait for it.
    connect(bar, &QStatusBar::messageChanged, this, [this](const QString& text) {
        if (text.isEmpty() && !m_waiting.isEmpty())
            m_next.start(0);
    });
}

void StatusMessages::show(const QString& text, Kind kind)
{
    if (!m_bar || text.isEmpty())
        return;
    if (kind == Kind::Notice) {
        const bool shownNow = text == m_bar->currentMessage();
        if (shownNow || m_waiting.contains(text))
            return;
        if (!m_waiting.isEmpty() || !currentIsRead()) {
            m_waiting.enqueue(text);
            if (!m_next.isActive())
                m_next.start(qMax(0, m_times.readMs - int(m_shown.elapsed())));
            return;
        }
    } else if (m_currentKind == Kind::Notice && !currentIsRead() && m_current != text) {
        m_waiting.prepend(m_current);
    }
    display(text, kind);
}

void StatusMessages::display(const QString& text, Kind kind)
{
    m_current = text;
    m_currentKind = kind;
    m_shown.start();
    m_bar->showMessage(text, durationOf(text));
    if (!m_waiting.isEmpty())
        m_next.start(m_times.readMs);
    else
        m_next.stop();
}

void StatusMessages::showNext()
{
    if (m_bar && !m_waiting.isEmpty())
        display(m_waiting.dequeue(), Kind::Notice);
}

bool StatusMessages::currentIsRead() const
{
    // Before the first message m_current is empty, so the first two cover the unstarted timer.
    return m_bar->currentMessage().isEmpty() || m_bar->currentMessage() != m_current ||
           m_shown.elapsed() >= m_times.readMs;
}

int StatusMessages::durationOf(const QString& text) const
{
    return qMax(m_times.shownMs, int(text.size()) * kMsPerCharacter);
}

} // namespace engram
