#include "storage/EpisodeIndex.h"

#include "storage/Database.h"
#include "storage/EpisodeRow.h"
#include "storage/EpisodeStore.h"
#include "storage/Sql.h"

#include <QMap>
#include <QSet>

#include <algorithm>
#include <cmath>

namespace engram {
namespace {

// FTS5's bm25() constants, so terms scored here add up with the scores it gives.
constexpr double kK1 = 1.2;
constexpr double kB = 0.75;

QString quoted(const QString& term)
{
    QString escaped = term;
    escaped.replace(QLatin1Char('"'), QLatin1String("\"\""));
    return QLatin1Char('"') + escaped + QLatin1Char('"');
}

QString expression(const QList<SearchTerm>& terms, QLatin1String joiner)
{
    QStringList phrases;
    for (const SearchTerm& t : terms)
        phrases.append(quoted(t.text));
    return phrases.join(joiner);
}

// FTS5's idf: log((N - n + 0.5) / (n + 0.5)), floored just above zero.
double idf(qint64 rows, qint64 frequency)
{
    const double value =
        std::log((static_cast<double>(rows - frequency) + 0.5) / (static_cast<double>(frequency) + 0.5));
    return value > 0 ? value : 1e-6;
}

// How many of the index's best rows are read for `limit` results: room for other users' rows.
int indexLimit(int limit)
{
    return limit * 4 + 64;
}

// Fewer hits than asked for may come from the index's best rows when most of them are other
// users', archived or of the other kind. A quarter is enough: the rest would rank below all of
// those rows anyway. Fewer than that, and this user's matches are ranked on their own.
int enough(int limit)
{
    return std::max(1, limit / 4);
}

void sortHits(QList<EpisodeHit>& hits)
{
    std::sort(hits.begin(), hits.end(), [](const EpisodeHit& a, const EpisodeHit& b) {
        return a.score != b.score ? a.score > b.score : a.episode.createdAt > b.episode.createdAt;
    });
}

} // namespace

EpisodeIndex::EpisodeIndex(Database& db)
    : m_db(db)
{}

Result<qint64> EpisodeIndex::rowCount() const
{
    // The highest rowid: the episode count (an upper bound after deletes), read in O(log n).
    if (!m_rowCount) {
        auto q = sql::prepare(m_db.connection(), QStringLiteral("SELECT max(seq) FROM episodes"));
        if (!q)
            return q.error();
        m_rowCount = std::move(q).value();
    }
    if (auto st = sql::exec(*m_rowCount); !st)
        return st.error();
    const qint64 rows = m_rowCount->next() ? m_rowCount->value(0).toLongLong() : 0;
    m_rowCount->finish();
    return rows;
}

Result<qint64> EpisodeIndex::frequency(const QString& term, qint64 rows) const
{
    if (const auto it = m_frequencies.constFind(term); it != m_frequencies.constEnd())
        return *it;
    if (!m_probe) {
        auto q = sql::prepare(m_db.connection(),
                              QStringLiteral("SELECT count(*), max(rowid) FROM (SELECT rowid FROM episodes_fts "
                                             "WHERE episodes_fts MATCH ? LIMIT ?)"));
        if (!q)
            return q.error();
        m_probe = std::move(q).value();
    }
    sql::bind(*m_probe, 0, quoted(term));
    sql::bind(*m_probe, 1, kProbeCap);
    if (auto st = sql::exec(*m_probe); !st)
        return st.error();
    qint64 count = 0;
    if (m_probe->next()) {
        count = m_probe->value(0).toLongLong();
        // Rowids come in order: the cap reached at rowid r of n means about cap * n / r in all.
        const qint64 reached = m_probe->value(1).toLongLong();
        if (count >= kProbeCap && reached > 0)
            count = std::max(count, count * rows / reached);
    }
    m_probe->finish();
    m_frequencies.insert(term, count);
    return count;
}

Result<EpisodeIndex::Plan> EpisodeIndex::plan(const QList<SearchTerm>& terms) const
{
    Plan plan;
    auto rows = rowCount();
    if (!rows)
        return rows.error();
    plan.rows = *rows;
    // Frequencies change slowly: count them again once the index has grown by a tenth.
    if (plan.rows < m_frequenciesAt || plan.rows > m_frequenciesAt + m_frequenciesAt / 10) {
        m_frequencies.clear();
        m_frequenciesAt = plan.rows;
    }
    QList<std::pair<qint64, SearchTerm>> byFrequency;
    for (const SearchTerm& t : terms) {
        auto n = frequency(t.text, plan.rows);
        if (!n)
            return n.error();
        if (*n > 0)
            byFrequency.append({*n, t});
    }
    std::stable_sort(byFrequency.begin(), byFrequency.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    QMap<double, QList<SearchTerm>> byWeight;
    qint64 budget = kPostingBudget;
    for (const auto& [n, term] : std::as_const(byFrequency)) {
        if (n <= budget) {
            budget -= n;
            byWeight[term.weight].append(term);
        } else {
            plan.common.append(term);
        }
    }
    plan.ranked = byWeight.values();
    return plan;
}

Result<EpisodeIndex::Candidates> EpisodeIndex::rankExpression(const QString& match, double weight, int indexLimit) const
{
    if (!m_rank) {
        auto q = sql::prepare(m_db.connection(),
                              QStringLiteral("SELECT rowid, bm25(episodes_fts, 1.0, 0.4) AS score FROM episodes_fts "
                                             "WHERE episodes_fts MATCH ? ORDER BY score LIMIT ?"));
        if (!q)
            return q.error();
        m_rank = std::move(q).value();
    }
    sql::bind(*m_rank, 0, match);
    sql::bind(*m_rank, 1, indexLimit);
    if (auto st = sql::exec(*m_rank); !st)
        return st.error();
    Candidates c;
    while (m_rank->next())
        c.scores.insert(m_rank->value(0).toLongLong(), -weight * m_rank->value(1).toDouble());
    m_rank->finish();
    c.complete = c.scores.size() < indexLimit;
    return c;
}

Result<EpisodeIndex::Candidates> EpisodeIndex::cooccurring(const QList<SearchTerm>& common, int indexLimit) const
{
    // The newest episodes holding the rarest common terms together: two of them, or more while
    // that still leaves more episodes than asked for. Scored afterwards, on the rows read.
    Candidates best;
    best.complete = true;
    const qsizetype most = std::min<qsizetype>(common.size(), 4);
    for (qsizetype k = std::min<qsizetype>(2, most); k <= most; ++k) {
        auto q = sql::run(m_db.connection(),
                          QStringLiteral("SELECT rowid FROM episodes_fts WHERE episodes_fts MATCH ? "
                                         "ORDER BY rowid DESC LIMIT ?"),
                          {expression(common.mid(0, k), QLatin1String(" AND ")), indexLimit});
        if (!q)
            return q.error();
        Candidates c;
        // Newest first among equals: every score is below any bm25() score of a ranked term.
        for (double position = 1; q->next(); ++position)
            c.scores.insert(q->value(0).toLongLong(), -position * 1e-9);
        c.complete = c.scores.size() < indexLimit;
        if (c.scores.isEmpty())
            break;
        best = c;
        if (c.complete)
            break;
    }
    return best;
}

Result<EpisodeIndex::Candidates> EpisodeIndex::rankInIndex(const Plan& plan, int limit, int indexLimit) const
{
    if (plan.ranked.isEmpty())
        return cooccurring(plan.common, indexLimit);
    Candidates all;
    all.complete = true;
    // One query per weight: bm25() sums its terms' contributions, so weighted groups add up.
    for (const QList<SearchTerm>& group : plan.ranked) {
        auto c = rankExpression(expression(group, QLatin1String(" OR ")), group.first().weight, indexLimit);
        if (!c)
            return c.error();
        for (auto it = c->scores.cbegin(); it != c->scores.cend(); ++it)
            all.scores[it.key()] += it.value();
        all.complete = all.complete && c->complete;
    }
    if (all.scores.size() < limit && !plan.common.isEmpty()) {
        // The rare terms found too little: add what holds the common ones, after them.
        auto more = cooccurring(plan.common, indexLimit);
        if (!more)
            return more.error();
        for (auto it = more->scores.cbegin(); it != more->scores.cend(); ++it) {
            if (!all.scores.contains(it.key()))
                all.scores.insert(it.key(), it.value());
        }
        all.complete = all.complete && more->complete;
    }
    return all;
}

Result<QList<EpisodeHit>> EpisodeIndex::readRows(const QString& userId, const Candidates& candidates, int limit,
                                                 std::optional<EpisodeKind> kind) const
{
    // Rows are read best first, and no more than needed: each is a page of the table and a few
    // kilobytes of text to convert.
    QList<std::pair<double, qint64>> ranked;
    for (auto it = candidates.scores.cbegin(); it != candidates.scores.cend(); ++it)
        ranked.append({it.value(), it.key()});
    std::sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    if (kind) {
        // A kind can be rare among the best matches (summaries): find its rows before reading any.
        auto filtered = ofKind(userId, ranked, *kind);
        if (!filtered)
            return filtered.error();
        ranked = *filtered;
    }
    QList<EpisodeHit> hits;
    qsizetype next = 0;
    while (hits.size() < limit && next < ranked.size()) {
        const qsizetype count = std::max<qsizetype>(limit - hits.size(), 16);
        auto chunk = readChunk(userId, ranked, next, count, kind);
        if (!chunk)
            return chunk.error();
        hits += *chunk;
        next += count;
    }
    return hits;
}

Result<QList<std::pair<double, qint64>>>
EpisodeIndex::ofKind(const QString& userId, const QList<std::pair<double, qint64>>& ranked, EpisodeKind kind) const
{
    if (!m_kinds) {
        auto q =
            sql::prepare(m_db.connection(),
                         QStringLiteral("SELECT e.seq FROM json_each(?) j CROSS JOIN episodes e ON e.seq = j.value "
                                        "WHERE e.user_id = ? AND e.status = 'active' AND e.kind = ?"));
        if (!q)
            return q.error();
        m_kinds = std::move(q).value();
    }
    Json rowids = Json::array();
    for (const auto& [score, rowid] : ranked)
        rowids.push_back(rowid);
    sql::bind(*m_kinds, 0, QString::fromStdString(rowids.dump()));
    sql::bind(*m_kinds, 1, userId);
    sql::bind(*m_kinds, 2, enumName(kind));
    if (auto st = sql::exec(*m_kinds); !st)
        return st.error();
    QSet<qint64> keep;
    while (m_kinds->next())
        keep.insert(m_kinds->value(0).toLongLong());
    m_kinds->finish();
    QList<std::pair<double, qint64>> filtered;
    for (const auto& candidate : ranked) {
        if (keep.contains(candidate.second))
            filtered.append(candidate);
    }
    return filtered;
}

Result<QList<EpisodeHit>> EpisodeIndex::readChunk(const QString& userId, const QList<std::pair<double, qint64>>& ranked,
                                                  qsizetype from, qsizetype count,
                                                  std::optional<EpisodeKind> kind) const
{
    if (!m_rows) {
        auto q = sql::prepare(m_db.connection(),
                              // CROSS JOIN keeps the planner from scanning the user's rows instead.
                              QStringLiteral("SELECT %1, e.seq, e.search_body, e.search_extra FROM json_each(?) j "
                                             "CROSS JOIN episodes e ON e.seq = j.value WHERE e.user_id = ? "
                                             "AND e.status = 'active' AND (? = '' OR e.kind = ?)")
                                  .arg(episoderow::columns()));
        if (!q)
            return q.error();
        m_rows = std::move(q).value();
    }
    Json rowids = Json::array();
    QHash<qint64, double> scores;
    for (qsizetype i = from; i < ranked.size() && i < from + count; ++i) {
        rowids.push_back(ranked.at(i).second);
        scores.insert(ranked.at(i).second, ranked.at(i).first);
    }
    const QString kindName = kind ? enumName(*kind) : QString();
    const QVariantList values{QString::fromStdString(rowids.dump()), userId, kindName, kindName};
    for (int i = 0; i < values.size(); ++i)
        sql::bind(*m_rows, i, values.at(i));
    if (auto st = sql::exec(*m_rows); !st)
        return st.error();
    constexpr int seq = episoderow::kColumnCount;
    QList<EpisodeHit> hits;
    while (m_rows->next()) {
        const QSqlQuery& row = *m_rows;
        hits.append(EpisodeHit{episoderow::read(row), scores.value(row.value(seq).toLongLong()),
                               row.value(seq + 1).toString() + QLatin1Char(' ') + row.value(seq + 2).toString()});
    }
    m_rows->finish();
    return hits;
}

void EpisodeIndex::scoreCommonTerms(const Plan& plan, QList<EpisodeHit>& hits) const
{
    if (plan.common.isEmpty() || hits.isEmpty())
        return;
    QList<QList<QStringView>> tokens;
    double totalLength = 0;
    for (const EpisodeHit& h : std::as_const(hits)) {
        tokens.append(QStringView(h.indexText).split(QLatin1Char(' '), Qt::SkipEmptyParts));
        totalLength += static_cast<double>(tokens.constLast().size());
    }
    // The rows found stand in for the index when it comes to the average length.
    const double averageLength = std::max(1.0, totalLength / static_cast<double>(hits.size()));
    for (const SearchTerm& term : plan.common) {
        const double weight = term.weight * idf(plan.rows, m_frequencies.value(term.text));
        for (qsizetype i = 0; i < hits.size(); ++i) {
            const auto tf = static_cast<double>(std::count(tokens[i].cbegin(), tokens[i].cend(), term.text));
            if (tf == 0)
                continue;
            const double length = static_cast<double>(tokens[i].size());
            hits[i].score += weight * tf * (kK1 + 1) / (tf + kK1 * (1 - kB + kB * length / averageLength));
        }
    }
}

Result<QList<EpisodeHit>> EpisodeIndex::search(const QString& userId, const QList<SearchTerm>& terms, int limit,
                                               std::optional<EpisodeKind> kind) const
{
    if (terms.isEmpty() || limit <= 0)
        return QList<EpisodeHit>();
    auto planned = plan(terms);
    if (!planned)
        return planned.error();
    if (planned->ranked.isEmpty() && planned->common.isEmpty())
        return QList<EpisodeHit>(); // no term occurs anywhere
    // Rank in the index alone, then read the rows of the best: joining every match to its row
    // before sorting would cost a table lookup per match. When other users', archived or
    // other-kind episodes took nearly all the places, rank this user's rows only.
    auto candidates = rankInIndex(*planned, limit, indexLimit(limit));
    if (!candidates)
        return candidates.error();
    auto hits = readRows(userId, *candidates, limit, kind);
    if (!hits)
        return hits.error();
    if (candidates->complete || hits->size() >= enough(limit)) {
        scoreCommonTerms(*planned, *hits);
        sortHits(*hits);
        if (hits->size() > limit)
            hits->resize(limit);
        return hits;
    }
    QList<SearchTerm> ranked;
    for (const QList<SearchTerm>& group : std::as_const(planned->ranked))
        ranked += group;
    return ranked.isEmpty()
               ? searchJoined(userId, expression(planned->common.mid(0, 2), QLatin1String(" AND ")), limit, kind)
               : searchJoined(userId, expression(ranked, QLatin1String(" OR ")), limit, kind);
}

Result<QList<EpisodeHit>> EpisodeIndex::search(const QString& userId, const QString& match, int limit,
                                               std::optional<EpisodeKind> kind) const
{
    if (match.isEmpty() || limit <= 0)
        return QList<EpisodeHit>();
    auto candidates = rankExpression(match, 1.0, indexLimit(limit));
    if (!candidates)
        return candidates.error();
    auto hits = readRows(userId, *candidates, limit, kind);
    if (!hits)
        return hits.error();
    if (!candidates->complete && hits->size() < enough(limit))
        return searchJoined(userId, match, limit, kind);
    sortHits(*hits);
    if (hits->size() > limit)
        hits->resize(limit);
    return hits;
}

Result<QList<EpisodeHit>> EpisodeIndex::searchJoined(const QString& userId, const QString& match, int limit,
                                                     std::optional<EpisodeKind> kind) const
{
    QString statement = QStringLiteral("SELECT %1, bm25(episodes_fts, 1.0, 0.4) AS rank, e.search_body, e.search_extra "
                                       "FROM episodes_fts JOIN episodes e ON e.seq = episodes_fts.rowid "
                                       "WHERE episodes_fts MATCH ? AND e.user_id = ? AND e.status = 'active'")
                            .arg(episoderow::columns());
    QVariantList values{match, userId};
    if (kind) {
        statement += QStringLiteral(" AND e.kind = ?");
        values.append(enumName(*kind));
    }
    statement += QStringLiteral(" ORDER BY rank, e.created_at DESC LIMIT ?");
    values.append(limit);
    auto q = sql::runList(m_db.connection(), statement, values);
    if (!q)
        return q.error();
    constexpr int rank = episoderow::kColumnCount;
    QList<EpisodeHit> hits;
    while (q->next()) {
        hits.append(EpisodeHit{episoderow::read(*q), -q->value(rank).toDouble(),
                               q->value(rank + 1).toString() + QLatin1Char(' ') + q->value(rank + 2).toString()});
    }
    return hits;
}

} // namespace engram
