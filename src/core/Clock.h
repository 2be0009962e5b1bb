#pragma once

#include <QDateTime>

namespace engram {

// The source of "now" for everything that stores or compares times, so tests can move time.
class Clock
{
public:
    virtual ~Clock() = default;
    virtual QDateTime now() const = 0;

    // The process-wide wall clock.
    static Clock& system();
};

// A clock that stands still until told to move; for tests and imports with given times.
class ManualClock final : public Clock
{
public:
    explicit ManualClock(QDateTime start = QDateTime::currentDateTimeUtc())
        : m_now(start.toUTC())
    {}
    QDateTime now() const override { return m_now; }
    void set(const QDateTime& t) { m_now = t.toUTC(); }
    void advanceMSecs(qint64 ms) { m_now = m_now.addMSecs(ms); }
    void advanceSecs(qint64 secs) { m_now = m_now.addSecs(secs); }
    void advanceDays(qint64 days) { m_now = m_now.addDays(days); }

private:
    QDateTime m_now;
};

} // namespace engram
