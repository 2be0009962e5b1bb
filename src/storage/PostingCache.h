#pragma once

#include "core/MemoryTypes.h"
#include "core/Result.h"

#include <QHash>
#include <QList>
#include <QSet>
#include <QSqlQuery>
#include <QString>
#include <QStringList>

#include <optional>

namespace engram {

class Database;
struct SearchTerm;

// Where each rare term of the episode index occurs, how long those episodes are and whose
// episodes of which kind they are, read from FTS5's own index (and the table) once and then kept
// in memory. Ranking a query scores these postings here with
// the formula of FTS5's bm25() instead of asking FTS5 for bm25() of every match, which re-reads
// each term's postings to count them and looks up every row's size: most of a turn's memory
// work. Rows added since are read as they come; any other change to the indexed text (an edit,
// a delete, another connection's write) starts the cache afresh.
class PostingCache final
{
public:
    explicit PostingCache(Database& db);

    // Σ over the terms of weight × idf × the BM25 term frequency part, for every episode holding
    // any of them (FTS5's bm25() with column weights kBodyWeight and kExtraWeight, negated: higher
    // is better). `rows` and `averageLength` are the index's row count and average row length.
    Result<QHash<qint64, double>> score(const QList<SearchTerm>& terms, qint64 rows, double averageLength);
    // Which of the rows are the user's active episodes of the kind.
    Result<QSet<qint64>> rowsOf(const QString& userId, EpisodeKind kind, const QList<qint64>& rowids);

    // The column weights of every ranking of episodes (search_body, search_extra, search_context):
    // an exchange's own words, its reply, and the words of its neighbours in the conversation.
    static constexpr double kBodyWeight = 1.0;
    static constexpr double kExtraWeight = 0.4;
    static constexpr double kContextWeight = 0.3;
    // The same weights as bm25()'s arguments after the table name.
    static QString bm25Weights();
    // Postings held at most; beyond that the cache starts afresh.
    static constexpr qsizetype kMaxPostings = 500'000;
    // Rows whose owner, kind and status are held at most; beyond that the cache starts afresh.
    static constexpr qsizetype kMaxRows = 500'000;
    // Rows added, rewritten or deleted between two searches that are followed one by one; more,
    // and the cache starts afresh.
    static constexpr qint64 kMaxFollowed = 256;

private:
    struct Posting
    {
        qint64 rowid{};
        float frequency{}; // occurrences weighted by column
    };
    struct Row
    {
        qsizetype owner{}; // in m_owners
        EpisodeKind kind{EpisodeKind::Exchange};
        bool active{};
    };

    Status sync();
    Status start();
    void clear();
    Status applyChanges();
    void removePosting(const QString& term, qint64 rowid);
    // Adds the rows `where` selects from `episodes` to the postings of the cached terms.
    Status readRows(std::optional<QSqlQuery>& statement, const QString& where, const QVariantList& values);
    Result<const QList<Posting>*> postings(const QString& term);
    Status readLengths(const QHash<qint64, double>& rowids);
    void remember(qint64 rowid, const QString& userId, const QString& kind, const QString& status);

    Database& m_db;
    bool m_started{};
    qint64 m_changesRead{};   // the last row of temp.episode_changes followed
    qint64 m_dataVersion{-1}; // changes when another connection writes
    qint64 m_syncedSeq{};     // rows up to this one are in the postings
    qsizetype m_postingCount{};
    QHash<QString, QList<Posting>> m_postings;
    QHash<qint64, quint32> m_lengths; // tokens of a row, all columns
    QHash<qint64, Row> m_rows;
    QStringList m_owners; // the users whose rows are in m_rows
    std::optional<QSqlQuery> m_state;
    std::optional<QSqlQuery> m_instances;
    std::optional<QSqlQuery> m_sizes;
    std::optional<QSqlQuery> m_rowQuery;
    std::optional<QSqlQuery> m_appended;
    std::optional<QSqlQuery> m_rewritten;
};

} // namespace engram
