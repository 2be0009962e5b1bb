#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QQueue>
#include <QTimer>

class QStatusBar;

namespace engram {

// Puts messages in a status bar so that none is lost to the next one. An answer to what the user
// just did shows at once. A notice from work in the background (a backup written, episodes
// forgotten) waits until the message before it has been up long enough to read, and one an
// answer cut short comes back after it. The same text is never queued twice.
class StatusMessages final : public QObject
{
    Q_OBJECT

public:
    enum class Kind
    {
        Answer, // says what came of the user's own action: shown now
        Notice, // says what background work did: shown in turn
    };

    // How long a message stays, and how long it stays at least before a waiting one follows.
    struct Times
    {
        int shownMs{5000};
        int readMs{2500};
    };

    explicit StatusMessages(QStatusBar* bar, QObject* parent = nullptr);

    void show(const QString& text, Kind kind);
    void setTimes(Times times) { m_times = times; }
    // Notices not yet shown, oldest first.
    QStringList waiting() const { return {m_waiting.cbegin(), m_waiting.cend()}; }

private:
    void display(const QString& text, Kind kind);
    void showNext();
    // Whether the message shown now was cleared, has timed out, or has been up long enough to read.
    bool currentIsRead() const;
    // A long message stays longer, so that it can be read to the end.
    int durationOf(const QString& text) const;

    QPointer<QStatusBar> m_bar;
    Times m_times;
    QTimer m_next;
    QElapsedTimer m_shown;
    QString m_current;
    Kind m_currentKind{Kind::Answer};
    QQueue<QString> m_waiting;
};

} // namespace engram
