#include "storage/ServerTextIndex.h"

#include "storage/Bm25.h"
#include "storage/Database.h"
#include "storage/EpisodeRow.h"
#include "storage/PostingCache.h"
#include "storage/Sql.h"

#include <QSet>

#include <algorithm>
#include <cmath>

namespace engram {
namespace {

// A lexeme in tsquery or tsvector syntax: quoted, with quotes and backslashes doubled.
QString lexeme(const QString& token)
{
    QString escaped = token;
    escaped.replace(QLatin1Char('\\'), QLatin1String("\\\\")).replace(QLatin1Char('\''), QLatin1String("''"));
    return QLatin1Char('\'') + escaped + QLatin1Char('\'');
}

QString anyOf(const QList<SearchTerm>& terms)
{
    QStringList parts;
    for (const SearchTerm& t : terms)
        parts.append(lexeme(t.text));
    return parts.join(QLatin1String(" | "));
}

QString jsonList(const QList<SearchTerm>& terms)
{
    Json list = Json::array();
    for (const SearchTerm& t : terms)
        list.push_back(t.text.toStdString());
    return QString::fromStdString(list.dump());
}

// Occurrences of a term in a row, weighted by column as FTS5's bm25() weighs them: the labels of
// its positions (A: the episode's words, B: its reply and topic, C: its neighbours').
double weightedFrequency(QStringView labels)
{
    double frequency = 0;
    for (const QChar label : labels) {
        if (label == QLatin1Char('A'))
            frequency += PostingCache::kBodyWeight;
        else if (label == QLatin1Char('B'))
            frequency += PostingCache::kExtraWeight;
        else
            frequency += PostingCache::kContextWeight;
    }
    return frequency;
}

} // namespace

ServerEpisodeIndex::ServerEpisodeIndex(Database& db)
    : m_db(db)
{}

Result<ServerEpisodeIndex::Statistics> ServerEpisodeIndex::statistics(const QString& userId,
                                                                      const QList<SearchTerm>& terms) const
{
    Statistics stats;
    auto totals = sql::run(m_db.connection(),
                           QStringLiteral("SELECT docs, tokens FROM episode_stats WHERE user_id = ?"), {userId});
    if (!totals)
        return totals.error();
    if (!totals->next() || totals->value(0).toLongLong() <= 0)
        return stats;
    stats.rows = totals->value(0).toLongLong();
    stats.averageLength = std::max(1.0, totals->value(1).toDouble() / static_cast<double>(stats.rows));
    auto q = sql::run(m_db.connection(),
                      QStringLiteral("SELECT term, docs FROM episode_terms WHERE user_id = ? AND docs > 0 AND term IN "
                                     "(SELECT value FROM %1)")
                          .arg(m_db.backend().jsonValues()),
                      {userId, jsonList(terms)});
    if (!q)
        return q.error();
    while (q->next())
        stats.frequencies.insert(q->value(0).toString(), q->value(1).toLongLong());
    return stats;
}

Result<QList<ServerEpisodeIndex::Scored>>
ServerEpisodeIndex::score(const QString& userId, const QList<SearchTerm>& terms, const QList<SearchTerm>& finding,
                          const Statistics& stats, std::optional<EpisodeKind> kind) const
{
    QHash<QString, double> weights; // weight × idf of each term that occurs
    for (const SearchTerm& t : terms) {
        if (const qint64 df = stats.frequencies.value(t.text); df > 0)
            weights[t.text] += t.weight * bm25::idf(stats.rows, df);
    }
    QString candidates =
        QStringLiteral("SELECT seq, kind, search_length, search_vector FROM episodes "
                       "WHERE user_id = ? AND status = 'active' AND search_vector @@ CAST(? AS tsquery)");
    QVariantList values{userId, anyOf(finding)};
    if (kind) {
        candidates += QStringLiteral(" AND kind = ? ORDER BY seq DESC LIMIT %1").arg(kFallbackRows);
        values.append(enumName(*kind));
    }
    values.append(jsonList(terms));
    auto q =
        sql::runList(m_db.connection(),
                     QStringLiteral("SELECT e.seq, e.kind, e.search_length, u.lexeme, array_to_string(u.weights, '') "
                                    "FROM (%1) e CROSS JOIN LATERAL unnest(e.search_vector) u "
                                    "WHERE u.lexeme IN (SELECT value FROM %2)")
                         .arg(candidates, m_db.backend().jsonValues()),
                     values);
    if (!q)
        return q.error();
    QHash<qint64, qsizetype> at;
    QList<Scored> scored;
    while (q->next()) {
        const qint64 seq = q->value(0).toLongLong();
        auto it = at.constFind(seq);
        if (it == at.cend()) {
            it = at.insert(seq, scored.size());
            scored.append(
                Scored{0.0, seq, episodeKindFromString(q->value(1).toString()).value_or(EpisodeKind::Exchange)});
        }
        const double length = q->value(2).toDouble();
        scored[*it].score +=
            weights.value(q->value(3).toString()) *
            bm25::termFrequency(weightedFrequency(q->value(4).toString()), length, stats.averageLength);
    }
    std::sort(scored.begin(), scored.end(),
              [](const Scored& a, const Scored& b) { return a.score != b.score ? a.score > b.score : a.seq > b.seq; });
    return scored;
}

Result<QList<EpisodeHit>> ServerEpisodeIndex::read(const QList<Scored>& best, HitDetail detail) const
{
    QList<EpisodeHit> hits;
    if (best.isEmpty())
        return hits;
    Json seqs = Json::array();
    QHash<qint64, double> scores;
    for (const Scored& s : best) {
        seqs.push_back(s.seq);
        scores.insert(s.seq, s.score);
    }
    const bool partial = detail == HitDetail::Ranking;
    auto q =
        sql::run(m_db.connection(),
                 QStringLiteral("SELECT %1, e.seq, e.search_body, e.search_extra FROM %2")
                     .arg(partial ? episoderow::rankingColumns() : episoderow::columns(),
                          m_db.backend().rowsBySeq(QStringLiteral("episodes"), QStringLiteral("e"))),
                 {QString::fromStdString(seqs.dump())});
    if (!q)
        return q.error();
    constexpr int seq = episoderow::kColumnCount;
    while (q->next()) {
        const qint64 rowid = q->value(seq).toLongLong();
        hits.append(EpisodeHit{episoderow::read(*q), scores.value(rowid),
                               q->value(seq + 1).toString() + QLatin1Char(' ') + q->value(seq + 2).toString(), rowid,
                               partial});
    }
    sortHits(hits);
    return hits;
}

Result<QList<EpisodeHit>> ServerEpisodeIndex::search(const QString& userId, const QList<SearchTerm>& terms, int limit,
                                                     std::optional<EpisodeKind> kind) const
{
    auto lists = search(userId, terms, QList<EpisodeQuota>{EpisodeQuota{kind, limit}}, HitDetail::Full);
    if (!lists)
        return lists.error();
    return lists->constFirst();
}

Result<QList<QList<EpisodeHit>>> ServerEpisodeIndex::search(const QString& userId, const QList<SearchTerm>& terms,
                                                            const QList<EpisodeQuota>& quotas, HitDetail detail) const
{
    QList<QList<EpisodeHit>> lists(quotas.size());
    const QList<SearchTerm> query = terms.mid(0, 256);
    if (query.isEmpty())
        return lists;
    auto stats = statistics(userId, query);
    if (!stats)
        return stats.error();
    // The terms that occur, rarest first; the rarest within the posting budget find the candidates.
    QList<SearchTerm> present;
    for (const SearchTerm& t : query) {
        if (stats->frequencies.contains(t.text))
            present.append(t);
    }
    if (present.isEmpty())
        return lists;
    std::stable_sort(present.begin(), present.end(), [&](const SearchTerm& a, const SearchTerm& b) {
        return stats->frequencies.value(a.text) < stats->frequencies.value(b.text);
    });
    QList<SearchTerm> finding;
    qint64 postings = 0;
    for (const SearchTerm& t : std::as_const(present)) {
        postings += stats->frequencies.value(t.text);
        if (!finding.isEmpty() && postings > kPostingBudget)
            break;
        finding.append(t);
    }
    const bool bounded = finding.size() < present.size();
    auto scored = score(userId, query, finding, *stats, std::nullopt);
    if (!scored)
        return scored.error();
    for (qsizetype i = 0; i < quotas.size(); ++i) {
        const EpisodeQuota& quota = quotas.at(i);
        if (quota.limit <= 0)
            continue;
        QList<Scored> best;
        for (const Scored& s : std::as_const(*scored)) {
            if (!quota.kind || s.kind == *quota.kind)
                best.append(s);
            if (best.size() >= quota.limit)
                break;
        }
        if (bounded && best.size() < quota.limit) {
            // Too few of this kind among the rare terms' episodes: the newest of the kind that
            // hold any term join them, scored the same way.
            auto more = score(userId, query, present, *stats, quota.kind);
            if (!more)
                return more.error();
            QSet<qint64> have;
            for (const Scored& s : std::as_const(best))
                have.insert(s.seq);
            for (const Scored& s : std::as_const(*more)) {
                if (!have.contains(s.seq) && (!quota.kind || s.kind == *quota.kind))
                    best.append(s);
            }
            std::sort(best.begin(), best.end(), [](const Scored& a, const Scored& b) {
                return a.score != b.score ? a.score > b.score : a.seq > b.seq;
            });
            if (best.size() > quota.limit)
                best.resize(quota.limit);
        }
        auto hits = read(best, detail);
        if (!hits)
            return hits.error();
        lists[i] = *hits;
    }
    return lists;
}

Result<QList<EpisodeHit>> ServerEpisodeIndex::searchAll(const QString& userId, const QList<SearchTerm>& terms,
                                                        int limit, std::optional<EpisodeKind> kind) const
{
    if (terms.isEmpty() || limit <= 0)
        return QList<EpisodeHit>();
    auto stats = statistics(userId, terms);
    if (!stats)
        return stats.error();
    QList<SearchTerm> present;
    for (const SearchTerm& t : terms) {
        if (stats->frequencies.contains(t.text))
            present.append(t);
    }
    if (present.isEmpty())
        return QList<EpisodeHit>();
    auto scored = score(userId, terms, present, *stats, std::nullopt);
    if (!scored)
        return scored.error();
    QList<Scored> best;
    for (const Scored& s : std::as_const(*scored)) {
        if (!kind || s.kind == *kind)
            best.append(s);
        if (best.size() >= limit)
            break;
    }
    return read(best, HitDetail::Full);
}

QString ServerEpisodeIndex::containsAll(const QStringList& tokens, bool lastIsPrefix, QVariantList& values) const
{
    QStringList parts;
    for (qsizetype i = 0; i < tokens.size(); ++i) {
        const bool prefix = lastIsPrefix && i == tokens.size() - 1;
        parts.append(lexeme(tokens.at(i)) + (prefix ? QStringLiteral(":*AB") : QStringLiteral(":AB")));
    }
    values.append(parts.join(QLatin1String(" & ")));
    return QStringLiteral("e.search_vector @@ CAST(? AS tsquery)");
}

Result<int> ServerEpisodeIndex::removeAllOf(const QString& userId)
{
    // Every episode of the user goes, so refreshing each deleted exchange's neighbours is skipped
    // (the trigger reads this setting, which ends with the transaction).
    Transaction tx(m_db);
    if (auto st = tx.begin(); !st)
        return st.error();
    if (auto st = sql::execute(m_db.connection(), QStringLiteral("SET LOCAL engram.skip_context = 'on'")); !st)
        return st.error();
    auto removed = sql::removeUserRows(m_db.connection(), QStringLiteral("episodes"), userId);
    if (!removed)
        return removed.error();
    if (auto st = sql::execute(m_db.connection(), QStringLiteral("SET LOCAL engram.skip_context = 'off'")); !st)
        return st.error();
    if (auto st = tx.commit(); !st)
        return st.error();
    return removed;
}

ServerFactIndex::ServerFactIndex(Database& db)
    : m_db(db)
{}

Result<QList<std::pair<qint64, double>>> ServerFactIndex::rank(const QString& userId, const QList<SearchTerm>& terms,
                                                               int limit) const
{
    QList<std::pair<qint64, double>> ranked;
    if (terms.isEmpty() || limit <= 0)
        return ranked;
    QHash<QString, double> copies;
    for (const SearchTerm& t : terms)
        copies[t.text] += termCopies(t, terms);
    const QSqlDatabase& db = m_db.connection();
    auto totals = sql::run(db,
                           QStringLiteral("SELECT count(*), coalesce(sum(search_length), 0) FROM facts "
                                          "WHERE user_id = ?"),
                           {userId});
    if (!totals)
        return totals.error();
    if (!totals->next() || totals->value(0).toLongLong() == 0)
        return ranked;
    const qint64 rows = totals->value(0).toLongLong();
    const double averageLength = std::max(1.0, totals->value(1).toDouble() / static_cast<double>(rows));
    const QString list = jsonList(terms);
    const QString any = anyOf(terms);
    auto frequencies = sql::run(db,
                                QStringLiteral("SELECT u.lexeme, count(*) FROM facts f CROSS JOIN LATERAL "
                                               "unnest(f.search_vector) u WHERE f.user_id = ? AND "
                                               "f.search_vector @@ CAST(? AS tsquery) AND u.lexeme IN "
                                               "(SELECT value FROM %1) GROUP BY u.lexeme")
                                    .arg(m_db.backend().jsonValues()),
                                {userId, any, list});
    if (!frequencies)
        return frequencies.error();
    QHash<QString, double> weights;
    while (frequencies->next()) {
        const QString term = frequencies->value(0).toString();
        weights.insert(term, copies.value(term) * bm25::idf(rows, frequencies->value(1).toLongLong()));
    }
    auto q = sql::run(db,
                      QStringLiteral("SELECT f.seq, f.updated_at, f.search_length, u.lexeme, cardinality(u.positions) "
                                     "FROM facts f CROSS JOIN LATERAL unnest(f.search_vector) u "
                                     "WHERE f.user_id = ? AND f.status = 'active' AND "
                                     "f.search_vector @@ CAST(? AS tsquery) AND u.lexeme IN (SELECT value FROM %1)")
                          .arg(m_db.backend().jsonValues()),
                      {userId, any, list});
    if (!q)
        return q.error();
    struct Row
    {
        double score{};
        qint64 updated{};
    };
    QHash<qint64, Row> scores;
    while (q->next()) {
        Row& row = scores[q->value(0).toLongLong()];
        row.updated = q->value(1).toLongLong();
        row.score += weights.value(q->value(3).toString()) *
                     bm25::termFrequency(q->value(4).toDouble(), q->value(2).toDouble(), averageLength);
    }
    for (auto it = scores.cbegin(); it != scores.cend(); ++it)
        ranked.append({it.key(), it->score});
    std::sort(ranked.begin(), ranked.end(), [&](const auto& a, const auto& b) {
        if (a.second != b.second)
            return a.second > b.second;
        const qint64 ua = scores.value(a.first).updated;
        const qint64 ub = scores.value(b.first).updated;
        return ua != ub ? ua > ub : a.first > b.first;
    });
    if (ranked.size() > limit)
        ranked.resize(limit);
    return ranked;
}

} // namespace engram
