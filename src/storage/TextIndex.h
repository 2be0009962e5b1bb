#pragma once

#include "core/MemoryTypes.h"
#include "core/Result.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <QVariantList>

#include <functional>
#include <optional>
#include <utility>

namespace engram {

// One term of a search, as written in the index (SearchTokenizer's form), with its weight.
struct SearchTerm
{
    QString text;
    double weight{1.0};
};

// Weight-1 terms for the distinct tokens of `tokens`, in their order.
QList<SearchTerm> searchTerms(const QStringList& tokens);

// How many of the best episodes of a kind a search returns (no kind: of either kind).
struct EpisodeQuota
{
    std::optional<EpisodeKind> kind;
    int limit{};
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
    double score{};    // higher is better (BM25)
    QString indexText; // the episode's search tokens (content and reply), space-separated
    qint64 rowid{};    // the episode's row in the table
    bool partial{};    // read with HitDetail::Ranking: no content, reply or metadata yet
};

// How many times a term counts in a ranking of facts by its weight: 1 to 3 times as often as the
// lightest of `terms` (a question's term 3 times, the chatter around it once). FTS5's bm25() has
// no weights of its own, so on SQLite the term's phrase is repeated that often.
int termCopies(const SearchTerm& term, const QList<SearchTerm>& terms);

// Best first; among equal scores the newest.
void sortHits(QList<EpisodeHit>& hits);

// The full-text side of the episodes table: SQLite's FTS5 (EpisodeIndex) or a tsvector of
// Engram's own tokens on PostgreSQL (ServerEpisodeIndex). Both rank by BM25 with the same column
// weights (the episode's words, its reply and topic, its neighbours' words) and give the same
// scores for the same rows.
class EpisodeTextIndex
{
public:
    virtual ~EpisodeTextIndex() = default;

    // A user's active episodes for weighted terms, best first, with the work bounded however
    // large the memory grows.
    virtual Result<QList<EpisodeHit>> search(const QString& userId, const QList<SearchTerm>& terms, int limit,
                                             std::optional<EpisodeKind> kind) const = 0;
    // One ranking shared by several quotas: a list of hits per quota, in the same order.
    virtual Result<QList<QList<EpisodeHit>>> search(const QString& userId, const QList<SearchTerm>& terms,
                                                    const QList<EpisodeQuota>& quotas, HitDetail detail) const = 0;
    // Every match scored (no bound): what the bounded search is checked against.
    virtual Result<QList<EpisodeHit>> searchAll(const QString& userId, const QList<SearchTerm>& terms, int limit,
                                                std::optional<EpisodeKind> kind) const = 0;

    // A condition on `episodes e` that holds when the content, reply or topic hold every token
    // (the last one as a prefix when `lastIsPrefix`); its values are appended to `values`.
    virtual QString containsAll(const QStringList& tokens, bool lastIsPrefix, QVariantList& values) const = 0;

    // Bulk loading inside the caller's transaction (see EpisodeStore::beginBulkLoad).
    virtual Status beginBulkLoad() = 0;
    // Whether rows inserted now are given, in the inserting statement, the context their
    // neighbours in that statement make (EpisodeStore::insertAll): during a bulk load whose
    // finish would otherwise write every new exchange a second time for it. Those whose
    // neighbours were elsewhere are set right by the finish.
    virtual bool contextOnInsert() const { return false; }
    virtual Status finishBulkLoad() = 0;
    // Runs `change`, which archives or restores episodes, inside the caller's transaction, with the refresh
    // of their neighbours' context set aside (row by row it cost a server 5-7 ms an episode, and
    // SQLite most of a forgetting slice); the caller refreshes the contexts of their
    // conversations after it (EpisodeStore::refreshContexts).
    virtual Status changeStatuses(const std::function<Status()>& change) = 0;
    // Deletes every episode of the user; returns how many.
    virtual Result<int> removeAllOf(const QString& userId) = 0;
    // Compacts the index, so that terms of deleted rows leave its pages too.
    virtual Status optimize() = 0;
};

// The full-text side of the facts table: a user's active facts for weighted terms, best first
// (ties: the newest), as (row, score) with the score higher for better.
class FactTextIndex
{
public:
    virtual ~FactTextIndex() = default;
    virtual Result<QList<std::pair<qint64, double>>> rank(const QString& userId, const QList<SearchTerm>& terms,
                                                          int limit) const = 0;
    // Compacts the index, so that terms of deleted rows leave its pages too.
    virtual Status optimize() = 0;
};

} // namespace engram
