#pragma once

#include "core/MemoryTypes.h"
#include "core/Result.h"
#include "storage/EpisodeIndex.h"

#include <QHash>
#include <QList>
#include <QSqlQuery>

#include <optional>

namespace engram {

class Database;

// What a listing of episodes is sorted by; ties go newest first, so pages never overlap.
enum class EpisodeOrder
{
    Created,
    LastAccess,
    Importance,
    AccessCount,
    Kind,
    Content,
    Detail, // an exchange's reply gist, a summary's topic
    Pinned,
    Archived,
};

struct EpisodeFilter
{
    std::optional<ItemStatus> status{ItemStatus::Active}; // nullopt = any
    std::optional<EpisodeKind> kind;
    bool pinnedOnly{};
    QString contains;       // every word in the content, reply or topic (the last one may be unfinished)
    QString conversationId; // "" = any
    QDateTime createdFrom;  // invalid = no lower bound
    QDateTime createdBefore;
    std::optional<EpisodeOrigin> origin; // nullopt = any
    bool none{};                         // matches nothing (a source episodes never have)
    int offset{};
    int limit{-1}; // -1 = no limit
    EpisodeOrder order{EpisodeOrder::Created};
    bool newestFirst{true}; // descending by `order`
};

// How much of each episode a search reads: all of it, or only what ranking needs (no content,
// reply or metadata). Ranking reads dozens of candidates to keep a few; EpisodeStore::complete()
// reads the rest of those few.
enum class HitDetail
{
    Full,
    Ranking,
};

struct EpisodeHit
{
    Episode episode;
    double score{};    // higher is better (negated FTS5 bm25)
    QString indexText; // the episode's search tokens (content and reply), space-separated
    qint64 rowid{};    // the episode's row in the table
    bool partial{};    // read with HitDetail::Ranking: no content, reply or metadata yet
};

// Episodes (exchanges and summaries) and their FTS5 index, which triggers keep in step.
class EpisodeStore final
{
public:
    explicit EpisodeStore(Database& db);

    // Inserts; fills nothing in: the caller sets id, times and text. Search text is derived here.
    Status insert(const Episode& episode);
    // Inserts many at once (an import): several times faster than one by one. Use inside a
    // transaction, which the caller owns.
    Status insertAll(const QList<Episode>& episodes);
    // Writes every mutable field of an existing episode (content changes re-index it).
    Status update(const Episode& episode);
    Status remove(const QString& userId, const QString& id);
    // Deletes every episode of the user; returns how many.
    Result<int> removeAllOf(const QString& userId);
    // Merges the FTS5 segments, so terms of deleted rows leave the index's pages too.
    Status optimizeIndex();
    // Which of `ids` exist (for any user), mapped to their owner.
    Result<QHash<QString, QString>> owners(const QStringList& ids) const;

    // Bulk loading, inside one transaction: between the two calls inserted episodes are not
    // indexed row by row; finishBulkLoad() indexes them in one statement, several times faster
    // than the per-row trigger. A rollback restores the trigger with everything else.
    Status beginBulkLoad();
    Status finishBulkLoad();

    Result<Episode> find(const QString& userId, const QString& id) const;
    Result<std::optional<Episode>> activeSummaryForTopic(const QString& userId, const QString& topicKey) const;
    Result<std::optional<Episode>> latestExchange(const QString& userId) const;
    Result<QList<Episode>> list(const QString& userId, const EpisodeFilter& filter = {}) const;
    Result<int> count(const QString& userId, const EpisodeFilter& filter = {}) const;

    // Full-text search over active episodes of one user, best first. `match` is an FTS5 expression.
    Result<QList<EpisodeHit>> search(const QString& userId, const QString& match, int limit,
                                     std::optional<EpisodeKind> kind = std::nullopt) const;
    // The same for weighted terms, with the work of a query bounded (see EpisodeIndex).
    Result<QList<EpisodeHit>> search(const QString& userId, const QList<SearchTerm>& terms, int limit,
                                     std::optional<EpisodeKind> kind = std::nullopt) const;
    // One ranking for several quotas: a list of hits per quota, in the same order.
    Result<QList<QList<EpisodeHit>>> search(const QString& userId, const QList<SearchTerm>& terms,
                                            const QList<EpisodeQuota>& quotas,
                                            HitDetail detail = HitDetail::Full) const;
    // Reads the content, reply and metadata of partial hits (HitDetail::Ranking). A hit whose
    // episode is gone is dropped.
    Status complete(QList<EpisodeHit>& hits) const;

    // Counts an access: access_count + 1, last_access_at = now.
    Status touch(const QString& userId, const QStringList& ids, const QDateTime& now);

    // Archived episodes whose archive time is before `cutoff`.
    Result<QStringList> archivedBefore(const QString& userId, const QDateTime& cutoff) const;

private:
    Database& m_db;
    static constexpr int kRowsPerStatement = 1000;

    std::optional<QSqlQuery> m_insert;
    std::optional<QSqlQuery> m_insertBatch;
    mutable std::optional<QSqlQuery> m_complete;
    mutable std::optional<QSqlQuery> m_latestExchange;
    EpisodeIndex m_index;
    QStringList m_bulkTriggers; // the SQL of the triggers set aside during a bulk load
    qint64 m_bulkAfterSeq{};
};

} // namespace engram
