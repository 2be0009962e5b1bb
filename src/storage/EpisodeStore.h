#pragma once

#include "core/MemoryTypes.h"
#include "core/Result.h"
#include "storage/TextIndex.h"

#include <QHash>
#include <QList>
#include <QSqlQuery>

#include <memory>
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

// Episodes (exchanges and summaries) and their full-text index, which the database keeps in step.
class EpisodeStore final
{
public:
    explicit EpisodeStore(Database& db);
    ~EpisodeStore();

    // Inserts; fills nothing in: the caller sets id, times and text. Search text is derived here.
    Status insert(const Episode& episode);
    // Inserts many at once (an import): several times faster than one by one. Use inside a
    // transaction, which the caller owns.
    Status insertAll(const QList<Episode>& episodes);
    // Writes every mutable field of an existing episode (content changes re-index it).
    Status update(const Episode& episode);
    Status remove(const QString& userId, const QString& id);
    // Moves the user's active episodes among `ids` to the archive at `at`, a thousand a
    // statement (the forgetting pass); returns those it moved, in the order of `ids`. Use inside
    // a transaction, which the caller owns.
    Result<QStringList> archiveAll(const QString& userId, const QStringList& ids, const QDateTime& at);
    // Brings the user's archived episodes among `ids` back, used at `at` (restored on purpose:
    // fresh again), a thousand a statement; returns those it moved, in the order of `ids`. Use
    // inside a transaction, which the caller owns.
    Result<QStringList> restoreAll(const QString& userId, const QStringList& ids, const QDateTime& at);
    // Deletes the user's archived episodes among `ids`, a thousand a statement (the purge of the
    // forgetting pass); returns those it deleted, in the order of `ids`.
    Result<QStringList> purgeArchived(const QString& userId, const QStringList& ids);
    // Deletes every episode of the user; returns how many.
    Result<int> removeAllOf(const QString& userId);
    // Merges the FTS5 segments, so terms of deleted rows leave the index's pages too.
    Status optimizeIndex();
    // Which of `ids` exist (for any user), mapped to their owner.
    Result<QHash<QString, QString>> owners(const QStringList& ids) const;
    // The seq of the user's newest episode, 0 when there is none.
    Result<qint64> lastSeq(const QString& userId) const;
    // Which of `episodes` the user holds already among those up to `upToSeq`, whatever their ids:
    // an episode of the same kind, time, message and reply. Their places in `episodes`, each
    // mapped to the id of the episode held.
    Result<QHash<qsizetype, QString>> held(const QString& userId, const QList<Episode>& episodes, qint64 upToSeq) const;

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

    // Full-text search over active episodes of one user, best first, with the work of a query
    // bounded (see EpisodeTextIndex).
    Result<QList<EpisodeHit>> search(const QString& userId, const QList<SearchTerm>& terms, int limit,
                                     std::optional<EpisodeKind> kind = std::nullopt) const;
    // One ranking for several quotas: a list of hits per quota, in the same order.
    Result<QList<QList<EpisodeHit>>> search(const QString& userId, const QList<SearchTerm>& terms,
                                            const QList<EpisodeQuota>& quotas,
                                            HitDetail detail = HitDetail::Full) const;
    // The same with every match scored: what the bounded search is checked against.
    Result<QList<EpisodeHit>> searchAll(const QString& userId, const QList<SearchTerm>& terms, int limit,
                                        std::optional<EpisodeKind> kind = std::nullopt) const;
    // Reads the content, reply and metadata of partial hits (HitDetail::Ranking). A hit whose
    // episode is gone is dropped.
    Status complete(QList<EpisodeHit>& hits) const;

    // Counts an access: access_count + 1, last_access_at = now.
    Status touch(const QString& userId, const QStringList& ids, const QDateTime& now);

    // Archived episodes whose archive time is before `cutoff`.
    Result<QStringList> archivedBefore(const QString& userId, const QDateTime& cutoff) const;

    // How much an episode is worth keeping: importanceWeight·importance + recencyWeight·recency,
    // recency = 0.5^(days since its last access / halfLifeDays). The memory layer sets the numbers.
    struct Retention
    {
        double importanceWeight{};
        double recencyWeight{};
        double halfLifeDays{1.0};
    };
    // The `count` active, unpinned episodes of least retention at `now`, least first (ties: the
    // least recently used, then the oldest), ranked in the database so a large memory is not
    // loaded for it.
    Result<QStringList> leastRetained(const QString& userId, const QDateTime& now, int count,
                                      const Retention& retention) const;
    // The active, unpinned episodes made before `cutoff`, oldest first.
    Result<QStringList> activeMadeBefore(const QString& userId, const QDateTime& cutoff) const;

private:
    Database& m_db;
    static constexpr int kRowsPerStatement = 1000;

    // Gives every active exchange of the user's conversations `conversationIds` the context its
    // neighbours make now, where it differs: after archiveAll, whose rows the engine's context
    // triggers were set aside for (EpisodeTextIndex::changeStatuses).
    Status refreshContexts(const QString& userId, const QStringList& conversationIds);
    // archiveAll and restoreAll: makes `assignments` (literal values only) on the user's episodes
    // among `ids` whose status is `from`, then refreshes their conversations' contexts.
    Result<QStringList> moveAll(const QString& userId, const QStringList& ids, ItemStatus from,
                                const QString& assignments);
    // insertAll's statement; withContext: one that gives new exchanges their context.
    QString insertAllStatement(bool withContext) const;

    std::optional<QSqlQuery> m_insert;
    std::optional<QSqlQuery> m_insertBatch;
    std::optional<QSqlQuery> m_insertBatchWithContext; // EpisodeTextIndex::contextOnInsert()
    std::optional<QSqlQuery> m_touch;
    mutable std::optional<QSqlQuery> m_complete;
    mutable std::optional<QSqlQuery> m_latestExchange;
    std::unique_ptr<EpisodeTextIndex> m_index;
};

} // namespace engram
