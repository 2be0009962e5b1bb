#include "memory/ForgettingPolicy.h"

#include "memory/ItemJson.h"
#include "memory/MemoryContext.h"
#include "storage/JobQueue.h"

#include <QSet>

#include <algorithm>
#include <cmath>

namespace engram {
namespace {

constexpr double kMsPerDay = 86400000.0;

constexpr double kImportanceWeight = 0.6;
constexpr double kRecencyWeight = 0.4;
constexpr double kHalfLifeDays = 30.0;

// One job per user, queued again for each pass: its row tells when the last pass was.
QString jobKey(const QString& userId)
{
    return QStringLiteral("forget:") + userId;
}

} // namespace

ForgettingPolicy::ForgettingPolicy(MemoryContext& ctx)
    : m_ctx(ctx)
{}

double ForgettingPolicy::retention(double importance, const QDateTime& lastAccess, const QDateTime& now)
{
    const double days = std::max<double>(0.0, lastAccess.msecsTo(now) / kMsPerDay);
    return kImportanceWeight * importance + kRecencyWeight * std::pow(0.5, days / kHalfLifeDays);
}

Result<QStringList> ForgettingPolicy::overCapacity(const QString& userId, qint64 nowMs) const
{
    auto active = m_ctx.episodes.count(userId, EpisodeFilter{});
    if (!active)
        return active.error();
    const int excess = *active - m_ctx.config.episodeCapacity;
    if (excess <= 0)
        return QStringList();
    // The same formula as retention(), ranked by the database.
    return m_ctx.episodes.leastRetained(userId, fromMsecs(nowMs), excess,
                                        EpisodeStore::Retention{kImportanceWeight, kRecencyWeight, kHalfLifeDays});
}

Result<QStringList> ForgettingPolicy::overAge(const QString& userId, qint64 nowMs) const
{
    if (m_ctx.config.maxAgeDays <= 0)
        return QStringList();
    const qint64 cutoff = nowMs - static_cast<qint64>(m_ctx.config.maxAgeDays * kMsPerDay);
    return m_ctx.episodes.activeMadeBefore(userId, fromMsecs(cutoff));
}

ForgetReport ForgetReport::takeFirst(qsizetype count)
{
    ForgetReport slice;
    count = std::max<qsizetype>(count, 1); // a slice holds something, or a pass never ends
    const qsizetype fromArchived = std::min(count, archived.size());
    slice.archived = archived.first(fromArchived);
    archived.remove(0, fromArchived);
    const qsizetype fromPurged = std::min(count - fromArchived, purged.size());
    slice.purged = purged.first(fromPurged);
    purged.remove(0, fromPurged);
    return slice;
}

void ForgetReport::append(const ForgetReport& other)
{
    archived.append(other.archived);
    purged.append(other.purged);
}

SliceSizer::SliceSizer(qsizetype most, qint64 targetMs)
    : m_most(std::max<qsizetype>(most, 1))
    , m_targetMs(targetMs)
    , m_next(targetMs > 0 ? std::max<qsizetype>(m_most / 8, 1) : m_most)
{}

void SliceSizer::took(qsizetype size, qint64 ms)
{
    if (m_targetMs <= 0 || size <= 0)
        return;
    const qsizetype fits = ms <= 0 ? m_most : qsizetype(double(size) * double(m_targetMs) / double(ms));
    m_next = std::clamp<qsizetype>(std::min(fits, 2 * size), 1, m_most);
}

Result<ForgetReport> ForgettingPolicy::plan(const QString& userId) const
{
    const QDateTime now = m_ctx.clock.now();
    const qint64 nowMs = toMsecs(now);
    ForgetReport report;

    auto byCapacity = overCapacity(userId, nowMs);
    if (!byCapacity)
        return byCapacity.error();
    auto byAge = overAge(userId, nowMs);
    if (!byAge)
        return byAge.error();
    QSet<QString> seen;
    for (const QStringList* list : {&*byCapacity, &*byAge}) {
        for (const QString& id : *list) {
            if (!seen.contains(id)) {
                seen.insert(id);
                report.archived.append(id);
            }
        }
    }
    auto expired = m_ctx.episodes.archivedBefore(userId, now.addDays(-m_ctx.config.archiveDays));
    if (!expired)
        return expired.error();
    report.purged = *expired;
    return report;
}

Result<ForgetReport> ForgettingPolicy::apply(const QString& userId, const ForgetReport& slice)
{
    const QDateTime now = m_ctx.clock.now();
    ForgetReport done;
    Transaction tx(m_ctx.db);
    if (auto st = tx.begin(); !st)
        return st.error();
    auto archived = m_ctx.episodes.archiveAll(userId, slice.archived, now);
    if (!archived)
        return archived.error();
    done.archived = *archived;
    if (auto st = recordEach(userId, done.archived, QStringLiteral("forget"), Actor::System); !st)
        return st.error();
    auto purged = m_ctx.episodes.purgeArchived(userId, slice.purged);
    if (!purged)
        return purged.error();
    done.purged = *purged;
    if (auto st = recordEach(userId, done.purged, QStringLiteral("purge"), Actor::System); !st)
        return st.error();
    if (auto st = tx.commit(); !st)
        return st.error();
    return done;
}

Result<bool> ForgettingPolicy::queue(const QString& userId)
{
    return JobQueue(m_ctx.db).requeue(userId, kJobKind, jobKey(userId), m_ctx.clock.now());
}

Result<bool> ForgettingPolicy::mayForget(const QString& userId) const
{
    if (m_ctx.config.maxAgeDays > 0)
        return true;
    auto active = m_ctx.episodes.count(userId, EpisodeFilter{});
    if (!active)
        return active.error();
    return *active > m_ctx.config.episodeCapacity;
}

Result<int> ForgettingPolicy::writtenSinceLastPass(const QString& userId) const
{
    auto job = JobQueue(m_ctx.db).findKey(jobKey(userId));
    if (!job)
        return job.error();
    EpisodeFilter since;
    if (*job)
        since.createdFrom = (*job)->updatedAt;
    return m_ctx.episodes.count(userId, since);
}

Status ForgettingPolicy::recordEach(const QString& userId, const QStringList& ids, const QString& action, Actor actor)
{
    for (const QString& id : ids) {
        if (auto st = m_ctx.record(userId, id, itemtype::kEpisode, action, actor); !st)
            return st;
    }
    return {};
}

Result<QStringList> ForgettingPolicy::restore(const QString& userId, const QStringList& ids)
{
    Transaction tx(m_ctx.db);
    if (auto st = tx.begin(); !st)
        return st.error();
    auto restored = m_ctx.episodes.restoreAll(userId, ids, m_ctx.clock.now());
    if (!restored)
        return restored.error();
    if (auto st = recordEach(userId, *restored, QStringLiteral("restore"), Actor::User); !st)
        return st.error();
    if (auto st = tx.commit(); !st)
        return st.error();
    return restored;
}

} // namespace engram
