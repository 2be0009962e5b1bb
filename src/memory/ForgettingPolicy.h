#pragma once

#include "core/MemoryTypes.h"
#include "core/Result.h"

#include <QDateTime>
#include <QLatin1String>
#include <QStringList>

#include <functional>

namespace engram {

struct MemoryContext;

struct ForgetReport
{
    QStringList archived; // moved to the archive now
    QStringList purged;   // archived long enough ago, erased now

    qsizetype size() const { return archived.size() + purged.size(); }
    bool isEmpty() const { return size() == 0; }
    // Removes and returns up to `count` (at least one) of the items, archived ones first.
    ForgetReport takeFirst(qsizetype count);
    void append(const ForgetReport& other);
};

// How many items the next slice of a forgetting pass takes, from how long the last one took: as
// many as fit in the target time at the last slice's pace, at most `most`, at least one, and
// never more than twice the last (one quick slice after slow ones does not undo them). The first
// takes an eighth of `most`, so that a pass over a large memory does not start with its longest
// hitch. What a slice costs depends on the engine and the memory (200 episodes: about 80 ms on a
// file of 100,000, 150 ms on a server), so no fixed count suits both. A target of 0 keeps every
// slice at `most`.
class SliceSizer final
{
public:
    SliceSizer(qsizetype most, qint64 targetMs);

    qsizetype next() const { return m_next; }
    // The slice of `size` items just done took `ms`.
    void took(qsizetype size, qint64 ms);

private:
    qsizetype m_most;
    qint64 m_targetMs;
    qsizetype m_next;
};

// Told after each slice of a forgetting pass: how many items of how many are done.
using ForgetProgress = std::function<void(qsizetype done, qsizetype total)>;

// Forgets episodes by retention = 0.6·importance + 0.4·recency, recency = 0.5^(days since last
// access / 30): over capacity the lowest retention goes first; past the optional age limit
// episodes go too; pinned ones never. Forgotten episodes wait in the archive, restorable, for
// `archiveDays`, then are purged. What to forget is chosen once (plan); it is carried out in
// slices (apply), one transaction each, so a long pass after an import never holds the database,
// or the thread that runs it, for long.
class ForgettingPolicy final
{
public:
    explicit ForgettingPolicy(MemoryContext& ctx);

    // The kind of the job that runs a user's forgetting in the background (JobRunner).
    static constexpr auto kJobKind = QLatin1String("forget");

    static double retention(double importance, const QDateTime& lastAccess, const QDateTime& now);

    // What forgetting would change now; nothing changes.
    Result<ForgetReport> plan(const QString& userId) const;
    // Carries out (part of) a plan in one transaction. Returns what changed: those another client
    // archived, restored or deleted since the plan was made are left out.
    Result<ForgetReport> apply(const QString& userId, const ForgetReport& slice);
    // Brings archived episodes back, in one transaction; returns those it restored (the others
    // were not in the archive), in the order of `ids`.
    Result<QStringList> restore(const QString& userId, const QStringList& ids);
    // Queues the user's forgetting job unless it waits or runs already; true when it queued it.
    Result<bool> queue(const QString& userId);
    // Whether a pass could find something to forget now: more active episodes than the capacity,
    // or an age limit set (checked after an import, which can cross either at once).
    Result<bool> mayForget(const QString& userId) const;
    // Episodes written since the user's last pass was queued or done (all active ones when there
    // was none): how a new process goes on counting toward the next pass where the last one left off.
    Result<int> writtenSinceLastPass(const QString& userId) const;

private:
    Result<QStringList> overCapacity(const QString& userId, qint64 nowMs) const;
    Result<QStringList> overAge(const QString& userId, qint64 nowMs) const;
    // Logs `action` for each episode of `ids` (inside the caller's transaction).
    Status recordEach(const QString& userId, const QStringList& ids, const QString& action, Actor actor);

    MemoryContext& m_ctx;
};

} // namespace engram
