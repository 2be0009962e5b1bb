#pragma once

#include "storage/TextIndex.h"

#include <QHash>

namespace engram {

class Database;

// The full-text side of episodes on PostgreSQL. Each episode's search_vector holds Engram's own
// tokens, labelled by column (A: its words, B: its reply and topic, C: its neighbours'), kept by
// the database from the same search columns SQLite's FTS5 indexes; episode_terms and
// episode_stats hold how many of a user's episodes hold each term and how long they are, kept in
// the writing transaction. A query is ranked by BM25 with those statistics and FTS5's column
// weights, so it scores as on SQLite. The work is bounded as there: the rarest terms (within a
// budget of postings) find the candidates through the GIN index, and every term of the query
// scores them; when they find too few of a kind, the newest episodes of that kind holding any
// term join.
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
    // The triggers keep the index and the statistics row by row; nothing is set aside.
    Status beginBulkLoad() override { return {}; }
    Status finishBulkLoad() override { return {}; }
    Result<int> removeAllOf(const QString& userId) override;
    // PostgreSQL's autovacuum keeps the GIN index.
    Status optimize() override { return {}; }

    // Postings (the document frequencies of the rarest terms, summed) that choose the candidates.
    static constexpr qint64 kPostingBudget = 1000;
    // Candidates of one kind read when the rare terms found too few of it.
    static constexpr int kFallbackRows = 2000;

private:
    struct Statistics
    {
        qint64 rows{};
        double averageLength{1.0};
        QHash<QString, qint64> frequencies; // of the terms that occur at all
    };
    // (score, seq) of each candidate, with its kind.
    struct Scored
    {
        double score{};
        qint64 seq{};
        EpisodeKind kind{EpisodeKind::Exchange};
    };

    Result<Statistics> statistics(const QString& userId, const QList<SearchTerm>& terms) const;
    // Scores the user's active episodes that hold any of `finding` (and are of `kind`, when
    // given; then at most kFallbackRows of the newest) by every term of `terms`.
    Result<QList<Scored>> score(const QString& userId, const QList<SearchTerm>& terms, const QList<SearchTerm>& finding,
                                const Statistics& stats, std::optional<EpisodeKind> kind) const;
    Result<QList<EpisodeHit>> read(const QList<Scored>& best, HitDetail detail) const;

    Database& m_db;
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
