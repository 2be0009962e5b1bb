#include "storage/EpisodeIndex.h"

#include "core/TermTable.h"
#include "storage/Bm25.h"
#include "storage/Database.h"
#include "storage/EpisodeRow.h"
#include "storage/EpisodeStore.h"
#include "storage/Migrations.h"
#include "storage/Sql.h"

#include <QSet>
#include <QStringTokenizer>

#include <algorithm>
#include <cmath>
#include <functional>

namespace engram {
namespace {

// Frequencies are counted up to this; beyond it they are estimated from how far into the index
// the count reached. Counting no further than the posting budget made the estimates of common
// terms poor enough that the co-occurrence fallback picked very common pairs (100k episodes:
// bounded search p50 2 → 10 ms).
constexpr qint64 kProbeCap = 4000;

// The better score first; of equal scores the newer row (a greater rowid), as the server's index
// orders them, so that a hash table's order never decides what is shown.
bool betterFirst(const std::pair<double, qint64>& a, const std::pair<double, qint64>& b)
{
    return a.first != b.first ? a.first > b.first : a.second > b.second;
}

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

double tokenCount(QStringView indexText)
{
    double n = 0;
    for (const QStringView token : qTokenize(indexText, u' ', Qt::SkipEmptyParts)) {
        Q_UNUSED(token)
        ++n;
    }
    return n;
}

} // namespace

EpisodeIndex::EpisodeIndex(Database& db)
    : m_db(db)
    , m_postings(db)
{}

Result<qint64> EpisodeIndex::rowCount() const
{
    // The highest rowid: the episode count (an upper bound after deletes), read in O(log n).
    if (auto st = sql::runCached(m_rowCount, m_db.connection(), QStringLiteral("SELECT max(seq) FROM episodes"), {});
        !st)
        return st.error();
    const qint64 rows = m_rowCount->next() ? m_rowCount->value(0).toLongLong() : 0;
    m_rowCount->finish();
    return rows;
}

Result<double> EpisodeIndex::averageLength() const
{
    // FTS5 normalises by the whole index's average length; the newest rows estimate it.
    auto q =
        sql::run(m_db.connection(), QStringLiteral("SELECT search_body, search_extra, search_context FROM episodes "
                                                   "ORDER BY seq DESC LIMIT 256"));
    if (!q)
        return q.error();
    double tokens = 0;
    double rows = 0;
    while (q->next()) {
        ++rows;
        tokens += tokenCount(q->value(0).toString()) + tokenCount(q->value(1).toString()) +
                  tokenCount(q->value(2).toString());
    }
    return rows > 0 ? std::max(1.0, tokens / rows) : 1.0;
}

Result<qint64> EpisodeIndex::frequency(const QString& term, qint64 rows) const
{
    if (const auto it = m_frequencies.constFind(term); it != m_frequencies.constEnd())
        return *it;
    if (auto st = sql::runCached(m_probe, m_db.connection(),
                                 QStringLiteral("SELECT count(*), max(rowid) FROM (SELECT rowid FROM episodes_fts "
                                                "WHERE episodes_fts MATCH ? LIMIT ?)"),
                                 {quoted(term), kProbeCap});
        !st)
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
    // A term found nowhere is asked again next time: the next episode may hold it, and a count
    // of 0 would leave it out of every query until the cache is renewed.
    if (count > 0)
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
    if (plan.rows < m_frequenciesAt || plan.rows > m_frequenciesAt + m_frequenciesAt / 10 || m_averageLength <= 0) {
        m_frequencies.clear();
        m_frequenciesAt = plan.rows;
        auto length = averageLength();
        if (!length)
            return length.error();
        m_averageLength = *length;
    }
    // The question's own terms before the chatter around it (QueryAnalyzer's weights), and a
    // pasted page is not thousands of probes: the first kMaxTerms stand for it.
    QList<SearchTerm> considered = terms;
    std::stable_sort(considered.begin(), considered.end(),
                     [](const SearchTerm& a, const SearchTerm& b) { return a.weight > b.weight; });
    if (considered.size() > kMaxTerms)
        considered.resize(kMaxTerms);
    QList<std::pair<qint64, SearchTerm>> byFrequency;
    for (const SearchTerm& t : std::as_const(considered)) {
        auto n = frequency(t.text, plan.rows);
        if (!n)
            return n.error();
        if (*n > 0)
            byFrequency.append({*n, t});
    }
    // Within a weight, the rarest first: they say most and cost FTS5 least. The question's terms
    // take the posting budget before the chatter's.
    std::stable_sort(byFrequency.begin(), byFrequency.end(), [](const auto& a, const auto& b) {
        return a.second.weight != b.second.weight ? a.second.weight > b.second.weight : a.first < b.first;
    });
    qint64 budget = kPostingBudget;
    for (const auto& [n, term] : std::as_const(byFrequency)) {
        if (n <= budget) {
            budget -= n;
            plan.ranked.append(term);
        } else {
            plan.common.append(term);
        }
    }
    return plan;
}

Result<EpisodeIndex::Candidates> EpisodeIndex::rankExpression(const QString& match, int indexLimit) const
{
    if (auto st = sql::runCached(m_rank, m_db.connection(),
                                 QStringLiteral("SELECT rowid, bm25(episodes_fts, %1) AS score FROM episodes_fts "
                                                "WHERE episodes_fts MATCH ? ORDER BY score LIMIT ?")
                                     .arg(PostingCache::bm25Weights()),
                                 {match, indexLimit});
        !st)
        return st.error();
    Candidates c;
    while (m_rank->next())
        c.scores.insert(m_rank->value(0).toLongLong(), -m_rank->value(1).toDouble());
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
    auto scores = m_postings.score(plan.ranked, plan.rows, m_averageLength);
    if (!scores)
        return scores.error();
    Candidates all = best(*scores, indexLimit);
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

EpisodeIndex::Candidates EpisodeIndex::best(const QHash<qint64, double>& scores, int indexLimit)
{
    // As FTS5 would rank them: the best `indexLimit`, and whether those are all of them.
    Candidates c;
    c.complete = scores.size() <= indexLimit;
    if (c.complete) {
        c.scores = scores;
        return c;
    }
    Ranked all;
    all.reserve(scores.size());
    for (auto it = scores.cbegin(); it != scores.cend(); ++it)
        all.append({it.value(), it.key()});
    std::nth_element(all.begin(), all.begin() + indexLimit, all.end(), betterFirst);
    for (qsizetype i = 0; i < indexLimit; ++i)
        c.scores.insert(all.at(i).second, all.at(i).first);
    return c;
}

EpisodeIndex::Ranked EpisodeIndex::ranked(const Candidates& candidates)
{
    Ranked ranked;
    ranked.reserve(candidates.scores.size());
    for (auto it = candidates.scores.cbegin(); it != candidates.scores.cend(); ++it)
        ranked.append({it.value(), it.key()});
    std::sort(ranked.begin(), ranked.end(), betterFirst);
    return ranked;
}

Result<QList<EpisodeHit>> EpisodeIndex::readRows(const QString& userId, const Ranked& ranked, int limit,
                                                 std::optional<EpisodeKind> kind, HitDetail detail) const
{
    // Rows are read best first, and no more than needed: each is a page of the table and a few
    // kilobytes of text to convert. Summaries are rare among the best matches: find their rows
    // before reading any. Exchanges are most of them: the reads skip the odd summary.
    Ranked summaries;
    if (kind == EpisodeKind::Summary) {
        auto found = ofKind(userId, ranked, EpisodeKind::Summary);
        if (!found)
            return found.error();
        summaries = std::move(found).value();
    }
    const Ranked& rows = kind == EpisodeKind::Summary ? summaries : ranked;
    QList<EpisodeHit> hits;
    qsizetype next = 0;
    while (hits.size() < limit && next < rows.size()) {
        const qsizetype count = std::max<qsizetype>(limit - hits.size(), 16);
        auto chunk = readChunk(userId, rows, next, count, kind, detail);
        if (!chunk)
            return chunk.error();
        hits += *chunk;
        next += count;
    }
    return hits;
}

EpisodeIndex::Ranked EpisodeIndex::keepOnly(const Ranked& ranked, const QSet<qint64>& rowids)
{
    Ranked kept;
    for (const auto& candidate : ranked) {
        if (rowids.contains(candidate.second))
            kept.append(candidate);
    }
    return kept;
}

Result<EpisodeIndex::Ranked> EpisodeIndex::ofKind(const QString& userId, const Ranked& ranked, EpisodeKind kind) const
{
    QList<qint64> rowids;
    rowids.reserve(ranked.size());
    for (const auto& [score, rowid] : ranked)
        rowids.append(rowid);
    auto kept = m_postings.rowsOf(userId, kind, rowids);
    if (!kept)
        return kept.error();
    return keepOnly(ranked, *kept);
}

Result<QList<EpisodeHit>> EpisodeIndex::readChunk(const QString& userId, const Ranked& ranked, qsizetype from,
                                                  qsizetype count, std::optional<EpisodeKind> kind,
                                                  HitDetail detail) const
{
    Json rowids = Json::array();
    QHash<qint64, double> scores;
    for (qsizetype i = from; i < ranked.size() && i < from + count; ++i) {
        rowids.push_back(ranked.at(i).second);
        scores.insert(ranked.at(i).second, ranked.at(i).first);
    }
    const QString kindName = kind ? enumName(*kind) : QString();
    const bool partial = detail == HitDetail::Ranking;
    std::optional<QSqlQuery>& statement = partial ? m_rankingRows : m_rows;
    // CROSS JOIN keeps the planner from scanning the user's rows instead.
    if (auto st = sql::runCached(statement, m_db.connection(),
                                 QStringLiteral("SELECT %1, e.seq, e.search_body, e.search_extra FROM json_each(?) j "
                                                "CROSS JOIN episodes e ON e.seq = j.value WHERE e.user_id = ? "
                                                "AND e.status = 'active' AND (? = '' OR e.kind = ?)")
                                     .arg(partial ? episoderow::rankingColumns() : episoderow::columns()),
                                 {QString::fromStdString(rowids.dump()), userId, kindName, kindName});
        !st)
        return st.error();
    constexpr int seq = episoderow::kColumnCount;
    QList<EpisodeHit> hits;
    while (statement->next()) {
        const QSqlQuery& row = *statement;
        const qint64 rowid = row.value(seq).toLongLong();
        hits.append(EpisodeHit{episoderow::read(row), scores.value(rowid),
                               row.value(seq + 1).toString() + QLatin1Char(' ') + row.value(seq + 2).toString(), rowid,
                               partial});
    }
    statement->finish();
    return hits;
}

void EpisodeIndex::scoreCommonTerms(const Plan& plan, QList<EpisodeHit>& hits) const
{
    if (plan.common.isEmpty() || hits.isEmpty())
        return;
    // One pass over each row's tokens, counting those that are common terms: a long Chinese
    // query can have dozens of them. Only the episode's own text counts (message and reply, its
    // indexText), for the term frequency and the length alike: the neighbours' words of
    // search_context lift a row only through the rare terms, which FTS5's lengths (all three
    // columns) normalise. So a common term is scored a little higher than bm25() would score it
    // on a row with neighbours.
    QStringList texts;
    for (const SearchTerm& t : plan.common)
        texts.append(t.text);
    const TermTable table(texts);
    QList<QList<int>> counts; // per hit, per common term
    QList<double> lengths;
    for (const EpisodeHit& h : std::as_const(hits)) {
        QList<int> tf(plan.common.size(), 0);
        double length = 0;
        for (const QStringView token : qTokenize(QStringView(h.indexText), u' ', Qt::SkipEmptyParts)) {
            ++length;
            if (const qsizetype t = table.find(token); t >= 0)
                ++tf[t];
        }
        counts.append(tf);
        lengths.append(length);
    }
    for (qsizetype t = 0; t < plan.common.size(); ++t) {
        const SearchTerm& term = plan.common.at(t);
        const double weight = term.weight * bm25::idf(plan.rows, m_frequencies.value(term.text));
        for (qsizetype i = 0; i < hits.size(); ++i) {
            const auto tf = static_cast<double>(counts.at(i).at(t));
            if (tf == 0)
                continue;
            hits[i].score += weight * bm25::termFrequency(tf, lengths.at(i), m_averageLength);
        }
    }
}

Result<QList<EpisodeHit>> EpisodeIndex::search(const QString& userId, const QList<SearchTerm>& terms, int limit,
                                               std::optional<EpisodeKind> kind) const
{
    auto lists = search(userId, terms, QList<EpisodeQuota>{EpisodeQuota{kind, limit}}, HitDetail::Full);
    if (!lists)
        return lists.error();
    return lists->constFirst();
}

Result<QList<QList<EpisodeHit>>> EpisodeIndex::search(const QString& userId, const QList<SearchTerm>& terms,
                                                      const QList<EpisodeQuota>& quotas, HitDetail detail) const
{
    QList<QList<EpisodeHit>> lists(quotas.size());
    int largest = 0;
    for (const EpisodeQuota& q : quotas)
        largest = std::max(largest, q.limit);
    if (terms.isEmpty() || largest <= 0)
        return lists;
    auto planned = plan(terms);
    if (!planned)
        return planned.error();
    if (planned->ranked.isEmpty() && planned->common.isEmpty())
        return lists; // no term occurs anywhere
    // Rank in the index alone, then read the rows of the best: joining every match to its row
    // before sorting would cost a table lookup per match. When other users', archived or
    // other-kind episodes took nearly all the places, rank this user's rows only.
    auto candidates = rankInIndex(*planned, largest, indexLimit(largest));
    if (!candidates)
        return candidates.error();
    const Ranked best = ranked(*candidates);
    for (qsizetype i = 0; i < quotas.size(); ++i) {
        const EpisodeQuota& quota = quotas.at(i);
        if (quota.limit <= 0)
            continue;
        auto hits = readRows(userId, best, quota.limit, quota.kind, detail);
        if (!hits)
            return hits.error();
        if (!candidates->complete && hits->size() < enough(quota.limit)) {
            hits = searchJoined(userId, fallbackExpression(*planned), quota.limit, quota.kind);
            if (!hits)
                return hits.error();
            lists[i] = *hits;
            continue;
        }
        scoreCommonTerms(*planned, *hits);
        sortHits(*hits);
        if (hits->size() > quota.limit)
            hits->resize(quota.limit);
        lists[i] = *hits;
    }
    return lists;
}

QString EpisodeIndex::fallbackExpression(const Plan& plan)
{
    return plan.ranked.isEmpty() ? expression(plan.common.mid(0, 2), QLatin1String(" AND "))
                                 : expression(plan.ranked, QLatin1String(" OR "));
}

Result<QList<EpisodeHit>> EpisodeIndex::searchAll(const QString& userId, const QList<SearchTerm>& terms, int limit,
                                                  std::optional<EpisodeKind> kind) const
{
    return searchExpression(userId, expression(terms, QLatin1String(" OR ")), limit, kind);
}

Result<QList<EpisodeHit>> EpisodeIndex::searchExpression(const QString& userId, const QString& match, int limit,
                                                         std::optional<EpisodeKind> kind) const
{
    if (match.isEmpty() || limit <= 0)
        return QList<EpisodeHit>();
    auto candidates = rankExpression(match, indexLimit(limit));
    if (!candidates)
        return candidates.error();
    auto hits = readRows(userId, ranked(*candidates), limit, kind, HitDetail::Full);
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
    QString statement = QStringLiteral("SELECT %1, bm25(episodes_fts, %2) AS rank, e.search_body, e.search_extra, "
                                       "e.seq "
                                       "FROM episodes_fts JOIN episodes e ON e.seq = episodes_fts.rowid "
                                       "WHERE episodes_fts MATCH ? AND e.user_id = ? AND e.status = 'active'")
                            .arg(episoderow::columns(), PostingCache::bm25Weights());
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
                               q->value(rank + 1).toString() + QLatin1Char(' ') + q->value(rank + 2).toString(),
                               q->value(rank + 3).toLongLong(), false});
    }
    return hits;
}

QString EpisodeIndex::containsAll(const QStringList& tokens, bool lastIsPrefix, QVariantList& values) const
{
    QStringList terms;
    for (const QString& t : tokens)
        terms.append(quoted(t));
    if (lastIsPrefix && !terms.isEmpty())
        terms.last() += QLatin1Char('*');
    values.append(QStringLiteral("{search_body search_extra} : (%1)").arg(terms.join(QLatin1String(" AND "))));
    return QStringLiteral("e.seq IN (SELECT rowid FROM episodes_fts WHERE episodes_fts MATCH ?)");
}

Status EpisodeIndex::optimize()
{
    return sql::execute(m_db.connection(), QStringLiteral("INSERT INTO episodes_fts(episodes_fts) VALUES('optimize')"));
}

namespace {

// Set aside during a bulk load: new rows reach the full-text index in one statement at the end,
// with their neighbours' context computed once for all of them.
const char* const kBulkTriggers[] = {"episodes_fts_insert", "episodes_context_update"};

Result<QString> takeTrigger(const QSqlDatabase& db, const QString& name)
{
    auto trigger =
        sql::scalar(db, QStringLiteral("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?"), {name});
    if (!trigger)
        return trigger.error();
    if (auto st = sql::execute(db, QStringLiteral("DROP TRIGGER %1").arg(name)); !st)
        return st.error();
    return trigger->toString();
}

// Runs `work` with one trigger set aside, and puts it back. The caller's transaction (or the one
// opened here) makes sure it is never lost: a failure rolls the drop back with the rest.
Status withTriggerAside(Database& db, const QString& name, const std::function<Status()>& work)
{
    Transaction tx(db);
    if (auto st = tx.begin(); !st)
        return st;
    auto trigger = takeTrigger(db.connection(), name);
    if (!trigger)
        return trigger.error();
    if (auto st = work(); !st)
        return st;
    if (auto st = sql::execute(db.connection(), *trigger); !st)
        return st;
    return tx.commit();
}

} // namespace

Result<int> EpisodeIndex::removeAllOf(const QString& userId)
{
    int removed = 0;
    const Status st = withTriggerAside(m_db, QStringLiteral("episodes_context_delete"), [&]() -> Status {
        auto n = sql::removeUserRows(m_db.connection(), QStringLiteral("episodes"), userId);
        if (!n)
            return n.error();
        removed = *n;
        return {};
    });
    if (!st)
        return st.error();
    return removed;
}

Status EpisodeIndex::changeStatuses(const std::function<Status()>& change)
{
    return withTriggerAside(m_db, QStringLiteral("episodes_context_update"), change);
}

Status EpisodeIndex::beginBulkLoad()
{
    const QSqlDatabase& db = m_db.connection();
    auto last = sql::scalar(db, QStringLiteral("SELECT coalesce(max(seq), 0) FROM episodes"));
    if (!last)
        return last.error();
    m_bulkAfterSeq = last->toLongLong();
    for (const char* name : kBulkTriggers) {
        auto trigger = takeTrigger(db, QString::fromLatin1(name));
        if (!trigger)
            return trigger.error();
        m_bulkTriggers.append(*trigger);
    }
    return {};
}

Status EpisodeIndex::finishBulkLoad()
{
    const QSqlDatabase& db = m_db.connection();
    const QString context = episodeContextExpression(QStringLiteral("episodes"));
    // The new rows' context, before they are indexed: the update trigger must not index them yet.
    if (auto st = withTriggerAside(
            m_db, QStringLiteral("episodes_fts_update"),
            [&] {
                return sql::execute(
                    db, QStringLiteral("UPDATE episodes SET search_context = %1 WHERE seq > ?").arg(context),
                    {m_bulkAfterSeq});
            });
        !st)
        return st;
    if (auto st =
            sql::execute(db,
                         QStringLiteral("INSERT INTO episodes_fts(rowid, search_body, search_extra, search_context) "
                                        "SELECT seq, search_body, search_extra, search_context FROM episodes "
                                        "WHERE seq > ?"),
                         {m_bulkAfterSeq});
        !st)
        return st;
    // Older exchanges of the conversations the new rows joined have new neighbours.
    if (auto st = sql::execute(
            db,
            QStringLiteral("UPDATE episodes SET search_context = %1 WHERE seq <= ? AND kind = 'exchange' "
                           "AND (user_id, conversation_id) IN (SELECT user_id, conversation_id FROM episodes "
                           "WHERE seq > ? AND conversation_id != '') AND search_context IS NOT %1")
                .arg(context),
            {m_bulkAfterSeq, m_bulkAfterSeq});
        !st)
        return st;
    for (const QString& trigger : std::as_const(m_bulkTriggers)) {
        if (auto st = sql::execute(db, trigger); !st)
            return st;
    }
    m_bulkTriggers.clear();
    return {};
}

} // namespace engram
