#pragma once

#include "core/MemoryTypes.h"
#include "core/Result.h"

#include <QList>

#include <optional>

namespace engram {

class Database;

// One unit of background memory work (extraction, summary, embedding), persisted so it survives
// a restart.
struct Job
{
    enum class Status
    {
        Queued,
        Running,
        Done,
        Failed
    };

    QString id;
    QString userId;
    QString kind;      // "extract", "summarize", "embed", "forget"
    QString dedupeKey; // one job per key, ever: e.g. "extract:<assistant message id>"; "forget:<user id>" recurs
    Json payload = Json::object();
    Status status{Status::Queued};
    int attempts{};
    QDateTime nextRunAt;
    QString lastError;
    QDateTime createdAt;
    QDateTime updatedAt;
};

QString enumName(Job::Status s);

// The persisted job queue. A job's key is unique, so the same turn is never queued twice; a job
// is claimed (running) before it runs and completed in the same transaction as its effects, so
// a process killed half-way runs it again after restart, but never twice to completion.
class JobQueue final
{
public:
    explicit JobQueue(Database& db);

    // Queues a job; returns false (and changes nothing) when its key was queued before.
    Result<bool> enqueue(const QString& userId, const QString& kind, const QString& dedupeKey, const Json& payload,
                         const QDateTime& now);
    // A recurring job (forgetting): the one job of this key, queued anew once its last run is over
    // (done or failed), or queued for the first time. Returns false (and changes nothing) while it
    // waits or runs already.
    Result<bool> requeue(const QString& userId, const QString& kind, const QString& dedupeKey, const QDateTime& now);
    // The next job due at `now`, marked running with one more attempt; nullopt when none is due.
    Result<std::optional<Job>> claimNext(const QDateTime& now);
    // Claims one queued job by id, due or not (a run the user asked for); nullopt when it is not queued.
    Result<std::optional<Job>> claim(const QString& id, const QDateTime& now);
    // The same by the job's key.
    Result<std::optional<Job>> claimKey(const QString& dedupeKey, const QDateTime& now);
    Status complete(const QString& id, const QDateTime& now);
    // Back to the queue, due at `when`, with the error kept for the listing.
    Status retryAt(const QString& id, const QString& error, const QDateTime& when, const QDateTime& now);
    // Gives up on a job whose input can never succeed (e.g. its messages are gone).
    Status fail(const QString& id, const QString& error, const QDateTime& now);
    // After a crash: jobs left running are queued again. Returns how many.
    Result<int> recoverInterrupted(const QDateTime& now);

    // Queued and running jobs, oldest first; empty userId = every user.
    Result<QList<Job>> pending(const QString& userId = {}) const;
    // Stores `job` under its own id and key (a memory moved from another database), queued again
    // if it was running there; one already known stays.
    Result<bool> adopt(const Job& job);
    Result<std::optional<Job>> find(const QString& id) const;
    Result<std::optional<Job>> findKey(const QString& dedupeKey) const;
    // When the next queued job is due; nullopt when the queue is empty.
    Result<std::optional<QDateTime>> nextDue() const;

private:
    Result<std::optional<Job>> findWhere(const QString& where, const QVariant& value) const;
    Result<std::optional<Job>> claimWhere(const QString& where, const QVariant& value, const QDateTime& now);
    Status setState(const QString& id, Job::Status status, const QString& error, const QDateTime& nextRun,
                    const QDateTime& now);

    Database& m_db;
};

} // namespace engram
