#pragma once

#include "storage/TextIndex.h"

#include <QHash>

#include <optional>

namespace engram {

class Database;

// The full-text side of episodes on PostgreSQL. Each episode's search_vector holds Engram's own
// tokens of the same search columns SQLite's FTS5 indexes (its words, its reply and topic, its
// neighbours'), each once, and its owner's lexeme; episode_terms and episode_stats hold how many
// of a user's episodes hold each term and how long they are, kept in the writing transaction. A
// query is ranked by BM25 with those statistics and FTS5's column weights (each term's
// occurrences counted from the candidates' search columns), so it scores as on SQLite. The work
// is bounded as there: the rarest terms (within a budget of postings) find the candidates through
// the GIN index, and every term of the query scores them; when they find too few of a kind, the
// newest episodes of that kind holding any term join.
class ServerEpisodeIndex final : public EpisodeTextIndex
{
public:
    explicit ServerEpisodeIndex(Database& db);

    Result<QList<EpisodeHit>> search(const QString& userId, const QList<SearchTerm>& terms, int limit,
                                     std::optional<EpisodeKind> kind) const override;
    Result<QList<QList<EpisodeHit>>> search(const QString& userId, const QList<SearchTerm>& terms,
                                            const QList<EpisodeQuota>& quotas, HitDetail detail) const override;
    Result<QList<EpisodeHit>> searchAll(const QString& userId, const QList<SearchTerm>& terms, int limit,
                                        std::optional<EpisodeKind> kind) const override;
    QString containsAll(const QStringList& tokens, bool lastIsPrefix, QVariantList& values) const override;
    // Inside a transaction: its inserts leave the statistics and the neighbours' context to
    // finishBulkLoad(), which does both for all of them at once (engram_bulk_finish).
    Status beginBulkLoad() override;
    bool contextOnInsert() const override { return m_bulkAfterSeq.has_value(); }
    Status finishBulkLoad() override;
    Result<int> removeAllOf(const QString& userId) override;
    Status changeStatuses(const std::function<Status()>& change) override;
    // PostgreSQL's autovacuum keeps the GIN index.
    Status optimize() override { return {}; }

    // Postings (the document frequencies of the rare terms, summed) that choose the candidates;
    // the same budget, and the same plan, as SQLite's EpisodeIndex.
    static constexpr qint64 kPostingBudget = 1000;
    // A pasted page is not thousands of terms: the first (by weight) stand for it.
    static constexpr qsizetype kMaxTerms = 256;
    // What a match found through the index costs against an episode read back from the newest
    // (pgbench at 100,000 episodes: 6,194 matches of four common terms, every one fetched from
    // its own page and sorted, 11.5 ms; 3,742 read back in seq order for the newest 264 of them,
    // 4.6 ms); it also makes up for the terms' shares being taken for independent, which puts
    // the matches of a topic's words too low (5,050 expected there).
    static constexpr double kIndexedRowCost = 2.0;
    // A bulk load of this many episodes or more renews the planner's statistics (finishBulkLoad).
    static constexpr qint64 kAnalyzeAfterRows = 1000;

private:
    struct Statistics
    {
        qint64 rows{};
        double averageLength{1.0};
        QHash<QString, qint64> frequencies; // of the terms that occur at all
    };
    // The terms that find the candidates (rare: within the posting budget, the question's own
    // before the chatter around it) and the common rest, which only scores them.
    struct Plan
    {
        QList<SearchTerm> ranked;
        QList<SearchTerm> common;
    };
    // (score, seq) of each candidate, with its kind.
    struct Scored
    {
        double score{};
        qint64 seq{};
        EpisodeKind kind{EpisodeKind::Exchange};
    };
    struct Candidates
    {
        QList<Scored> scored;
        bool complete{true}; // every episode that could rank is among them
    };

    Result<Statistics> statistics(const QString& userId, const QList<SearchTerm>& terms) const;
    static Plan plan(const QList<SearchTerm>& terms, const Statistics& stats);
    // Scores the user's active episodes that match the tsquery `match` (and are of `kind`, when
    // given) by every term of `terms`; with `newest`, only that many of the newest: `dense` when
    // the terms are in a good part of the user's episodes (then read back from the newest, else
    // found through the index).
    Result<QList<Scored>> score(const QString& userId, const QList<SearchTerm>& terms, const QString& match,
                                const Statistics& stats, std::optional<EpisodeKind> kind, int newest = 0,
                                bool dense = false) const;
    // Whether the newest `newest` episodes holding all of `terms` (the rarest first) are cheaper
    // to find by reading back from the newest than through the index.
    static bool dense(const QList<SearchTerm>& terms, int newest, const Statistics& stats);
    // The newest episodes holding the rarest common terms together: two of them, or more while
    // that still leaves more than `limit` (as SQLite's EpisodeIndex::cooccurring).
    Result<Candidates> cooccurring(const QString& userId, const QList<SearchTerm>& terms,
                                   const QList<SearchTerm>& common, const Statistics& stats, int limit) const;
    Result<QList<EpisodeHit>> read(const QList<Scored>& best, HitDetail detail) const;

    // The lexeme of the owner that every episode's vector holds (ServerSchema.cpp).
    static QString ownerLexeme(const QString& userId);

    Database& m_db;
    std::optional<qint64> m_bulkAfterSeq; // during a bulk load: the last seq before it
};

// Facts on PostgreSQL: the user's active facts holding any term, ranked by BM25 over the user's
// facts, ties the newest first.
class ServerFactIndex final : public FactTextIndex
{
public:
    explicit ServerFactIndex(Database& db);
    Result<QList<std::pair<qint64, double>>> rank(const QString& userId, const QList<SearchTerm>& terms,
                                                  int limit) const override;
    // PostgreSQL's autovacuum keeps the GIN index.
    Status optimize() override { return {}; }

private:
    Database& m_db;
};

} // namespace engram
