#include "storage/JobQueue.h"

#include "storage/Backend.h"
#include "storage/Database.h"
#include "storage/JsonText.h"
#include "storage/Sql.h"

namespace engram {
namespace {

const auto kJobColumns = QStringLiteral("id, user_id, kind, dedupe_key, payload, status, attempts, next_run_at, "
                                        "last_error, created_at, updated_at");

Job::Status statusFrom(const QString& s)
{
    if (s == QLatin1String("running"))
        return Job::Status::Running;
    if (s == QLatin1String("done"))
        return Job::Status::Done;
    if (s == QLatin1String("failed"))
        return Job::Status::Failed;
    return Job::Status::Queued;
}

Job jobFromRow(const QSqlQuery& q)
{
    Job j;
    j.id = q.value(0).toString();
    j.userId = q.value(1).toString();
    j.kind = q.value(2).toString();
    j.dedupeKey = q.value(3).toString();
    j.payload = jsontext::parse(q.value(4).toString());
    j.status = statusFrom(q.value(5).toString());
    j.attempts = q.value(6).toInt();
    j.nextRunAt = fromMsecs(q.value(7).toLongLong());
    j.lastError = q.value(8).toString();
    j.createdAt = fromMsecs(q.value(9).toLongLong());
    j.updatedAt = fromMsecs(q.value(10).toLongLong());
    return j;
}

} // namespace

QString enumName(Job::Status s)
{
    switch (s) {
    case Job::Status::Queued:
        return QStringLiteral("queued");
    case Job::Status::Running:
        return QStringLiteral("running");
    case Job::Status::Done:
        return QStringLiteral("done");
    case Job::Status::Failed:
        return QStringLiteral("failed");
    }
    return {};
}

JobQueue::JobQueue(Database& db)
    : m_db(db)
{}

Result<bool> JobQueue::enqueue(const QString& userId, const QString& kind, const QString& dedupeKey,
                               const Json& payload, const QDateTime& now)
{
    auto q =
        sql::run(m_db.connection(),
                 QStringLiteral("INSERT INTO jobs (id, user_id, kind, dedupe_key, payload, status, "
                                "attempts, next_run_at, created_at, updated_at) "
                                "VALUES (?, ?, ?, ?, ?, 'queued', 0, ?, ?, ?) ON CONFLICT DO NOTHING"),
                 {newId(), userId, kind, dedupeKey, jsontext::dump(payload), toMsecs(now), toMsecs(now), toMsecs(now)});
    if (!q)
        return q.error();
    return sql::affected(*q) > 0;
}

Result<bool> JobQueue::requeue(const QString& userId, const QString& kind, const QString& dedupeKey,
                               const QDateTime& now)
{
    // Both engines take an upsert whose update is conditional: no row changes while the job waits
    // or runs.
    auto q = sql::run(m_db.connection(),
                      QStringLiteral("INSERT INTO jobs (id, user_id, kind, dedupe_key, payload, status, attempts, "
                                     "next_run_at, created_at, updated_at) "
                                     "VALUES (?, ?, ?, ?, '{}', 'queued', 0, ?, ?, ?) "
                                     "ON CONFLICT (dedupe_key) DO UPDATE SET status = 'queued', attempts = 0, "
                                     "last_error = '', next_run_at = excluded.next_run_at, "
                                     "updated_at = excluded.updated_at "
                                     "WHERE jobs.status IN ('done', 'failed')"),
                      {newId(), userId, kind, dedupeKey, toMsecs(now), toMsecs(now), toMsecs(now)});
    if (!q)
        return q.error();
    return sql::affected(*q) > 0;
}

Result<std::optional<Job>> JobQueue::claimNext(const QDateTime& now)
{
    return claimWhere(QStringLiteral("status = 'queued' AND next_run_at <= ?"), toMsecs(now), now);
}

Result<std::optional<Job>> JobQueue::claim(const QString& id, const QDateTime& now)
{
    return claimWhere(QStringLiteral("status = 'queued' AND id = ?"), id, now);
}

Result<std::optional<Job>> JobQueue::claimKey(const QString& dedupeKey, const QDateTime& now)
{
    return claimWhere(QStringLiteral("status = 'queued' AND dedupe_key = ?"), dedupeKey, now);
}

Result<std::optional<Job>> JobQueue::claimWhere(const QString& where, const QVariant& value, const QDateTime& now)
{
    Transaction tx(m_db);
    if (auto st = tx.begin(); !st)
        return st.error();
    auto q = sql::run(m_db.connection(),
                      QStringLiteral("SELECT %1 FROM jobs WHERE %2 ORDER BY next_run_at, seq LIMIT 1%3")
                          .arg(kJobColumns, where, m_db.backend().claimSuffix()),
                      {value});
    if (!q)
        return q.error();
    if (!q->next())
        return std::optional<Job>();
    Job job = jobFromRow(*q);
    job.status = Job::Status::Running;
    job.attempts += 1;
    job.updatedAt = now;
    if (auto st = sql::execute(
            m_db.connection(),
            QStringLiteral("UPDATE jobs SET status = 'running', attempts = ?, updated_at = ? WHERE id = ?"),
            {job.attempts, toMsecs(now), job.id});
        !st)
        return st.error();
    if (auto st = tx.commit(); !st)
        return st.error();
    return std::optional<Job>(job);
}

Status JobQueue::setState(const QString& id, Job::Status status, const QString& error, const QDateTime& nextRun,
                          const QDateTime& now)
{
    auto q = sql::run(m_db.connection(),
                      QStringLiteral("UPDATE jobs SET status = ?, last_error = ?, next_run_at = ?, updated_at = ? "
                                     "WHERE id = ?"),
                      {enumName(status), error, toMsecs(nextRun), toMsecs(now), id});
    if (!q)
        return q.error();
    if (sql::affected(*q) == 0)
        return Error::notFound(QStringLiteral("There is no job %1").arg(id));
    return {};
}

Status JobQueue::complete(const QString& id, const QDateTime& now)
{
    return setState(id, Job::Status::Done, {}, now, now);
}

Status JobQueue::retryAt(const QString& id, const QString& error, const QDateTime& when, const QDateTime& now)
{
    return setState(id, Job::Status::Queued, error, when, now);
}

Status JobQueue::fail(const QString& id, const QString& error, const QDateTime& now)
{
    return setState(id, Job::Status::Failed, error, now, now);
}

Result<int> JobQueue::recoverInterrupted(const QDateTime& now)
{
    auto q = sql::run(m_db.connection(),
                      QStringLiteral("UPDATE jobs SET status = 'queued', updated_at = ? WHERE status = 'running'"),
                      {toMsecs(now)});
    if (!q)
        return q.error();
    return sql::affected(*q);
}

Result<QList<Job>> JobQueue::pending(const QString& userId) const
{
    auto q =
        userId.isEmpty()
            ? sql::run(m_db.connection(),
                       QStringLiteral("SELECT %1 FROM jobs WHERE status IN ('queued', 'running') ORDER BY seq")
                           .arg(kJobColumns))
            : sql::run(m_db.connection(),
                       QStringLiteral(
                           "SELECT %1 FROM jobs WHERE user_id = ? AND status IN ('queued', 'running') ORDER BY seq")
                           .arg(kJobColumns),
                       {userId});
    if (!q)
        return q.error();
    QList<Job> jobs;
    while (q->next())
        jobs.append(jobFromRow(*q));
    return jobs;
}

Result<bool> JobQueue::adopt(const Job& job)
{
    const Job::Status status = job.status == Job::Status::Running ? Job::Status::Queued : job.status;
    auto q =
        sql::run(m_db.connection(),
                 QStringLiteral("INSERT INTO jobs (%1) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                                "ON CONFLICT DO NOTHING")
                     .arg(kJobColumns),
                 {job.id, job.userId, job.kind, job.dedupeKey, jsontext::dump(job.payload), enumName(status),
                  job.attempts, toMsecs(job.nextRunAt), job.lastError, toMsecs(job.createdAt), toMsecs(job.updatedAt)});
    if (!q)
        return q.error();
    return sql::affected(*q) > 0;
}

Result<std::optional<Job>> JobQueue::find(const QString& id) const
{
    return findWhere(QStringLiteral("id = ?"), id);
}

Result<std::optional<Job>> JobQueue::findKey(const QString& dedupeKey) const
{
    return findWhere(QStringLiteral("dedupe_key = ?"), dedupeKey);
}

Result<std::optional<Job>> JobQueue::findWhere(const QString& where, const QVariant& value) const
{
    auto q =
        sql::run(m_db.connection(), QStringLiteral("SELECT %1 FROM jobs WHERE %2").arg(kJobColumns, where), {value});
    if (!q)
        return q.error();
    if (!q->next())
        return std::optional<Job>();
    return std::optional<Job>(jobFromRow(*q));
}

Result<std::optional<QDateTime>> JobQueue::nextDue() const
{
    auto v =
        sql::scalar(m_db.connection(), QStringLiteral("SELECT min(next_run_at) FROM jobs WHERE status = 'queued'"));
    if (!v)
        return v.error();
    if (!v->isValid() || v->isNull())
        return std::optional<QDateTime>();
    return std::optional<QDateTime>(fromMsecs(v->toLongLong()));
}

} // namespace engram
