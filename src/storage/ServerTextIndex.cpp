#include "storage/ServerTextIndex.h"

#include "storage/Bm25.h"
#include "storage/Database.h"
#include "storage/EpisodeRow.h"
#include "storage/JsonText.h"
#include "storage/PostingCache.h"
#include "storage/Sql.h"

#include <QCryptographicHash>
#include <QSet>
#include <QSqlDriver>
#include <QSqlField>

#include <algorithm>
#include <cmath>
#include <vector>

namespace engram {
namespace {

// A lexeme in tsquery or tsvector syntax: quoted, with quotes and backslashes doubled.
QString lexeme(const QString& token)
{
    QString escaped = token;
    escaped.replace(QLatin1Char('\\'), QLatin1String("\\\\")).replace(QLatin1Char('\''), QLatin1String("''"));
    return QLatin1Char('\'') + escaped + QLatin1Char('\'');
}

// The terms as a tsquery: any of them (" | ") or all (" & ").
QString joined(const QList<SearchTerm>& terms, QLatin1String joiner)
{
    QStringList parts;
    for (const SearchTerm& t : terms)
        parts.append(lexeme(t.text));
    return parts.join(joiner);
}

QString anyOf(const QList<SearchTerm>& terms)
{
    return joined(terms, QLatin1String(" | "));
}

// As SQLite's EpisodeIndex: the candidates the index gives for a quota of `limit`, and how few
// of them of the quota's kind send it to the episodes of that kind alone.
int indexLimit(int limit)
{
    return limit * 4 + 64;
}

int enough(int limit)
{
    return std::max(1, limit / 4);
}

// Which term of the query a token of a candidate is, if any. Most tokens are none, and Qt's
// string hash (AES rounds) before a lookup was the largest part of a search's client work, a
// sixth of all the CPU of eight clients' turns: a slot chosen by a token's length and its first,
// second and last characters (4,096 of them, more for a query of over 2,048 terms, so that at
// most half are taken) is empty for nearly all of them, and a taken slot, probed linearly, is
// compared with its term.
class TermSlots
{
public:
    static constexpr qsizetype kNone = -1;

    // `terms` (distinct) stays as it is while this lives: the slots compare with views of them.
    explicit TermSlots(const QStringList& terms)
        : m_terms(terms)
    {
        std::size_t size = 4096;
        while (size < 2 * static_cast<std::size_t>(terms.size()))
            size *= 2;
        m_mask = size - 1;
        m_slots.assign(size, kNone);
        for (qsizetype i = 0; i < terms.size(); ++i) {
            if (terms.at(i).isEmpty())
                continue;
            std::size_t slot = hash(terms.at(i));
            while (m_slots[slot] != kNone)
                slot = (slot + 1) & m_mask;
            m_slots[slot] = i;
        }
    }

    qsizetype find(QStringView token) const
    {
        if (token.isEmpty())
            return kNone;
        for (std::size_t slot = hash(token);; slot = (slot + 1) & m_mask) {
            const qsizetype index = m_slots[slot];
            if (index == kNone || QStringView(m_terms.at(index)) == token)
                return index;
        }
    }

private:
    std::size_t hash(QStringView t) const
    {
        quint32 h = static_cast<quint32>(t.size()) * 0x9E3779B1u;
        h ^= t.front().unicode() * 0x85EBCA77u;
        h ^= t.back().unicode() * 0xC2B2AE3Du;
        if (t.size() > 2)
            h ^= t.at(1).unicode() * 0x27D4EB2Fu;
        h ^= h >> 15;
        h *= 0x2C1B3C6Du;
        h ^= h >> 13;
        return h & m_mask;
    }

    const QStringList& m_terms;
    std::size_t m_mask{};
    std::vector<qsizetype> m_slots;
};

QString jsonList(const QList<SearchTerm>& terms)
{
    Json list = Json::array();
    for (const SearchTerm& t : terms)
        list.push_back(t.text.toStdString());
    return QString::fromStdString(list.dump());
}

// Runs `statement` with its `?` replaced by `values` as literals (quoted by the driver) in one
// round trip. Qt's driver makes a statement with parameters a server-side PREPARE, an EXECUTE and
// a DEALLOCATE: three round trips, each a wait for the server to be scheduled on a busy machine,
// and a search runs several statements. Planned for its values each time, as PREPARE was.
Result<QSqlQuery> runInline(const QSqlDatabase& db, const QString& statement, const QVariantList& values)
{
    QString text;
    text.reserve(statement.size() + 64);
    const QList<QStringView> parts = QStringView(statement).split(u'?');
    if (parts.size() != values.size() + 1)
        return Error::invalid(
            QStringLiteral("%1 values for a statement of %2 parameters").arg(values.size()).arg(parts.size() - 1));
    for (qsizetype i = 0; i < parts.size(); ++i) {
        if (i > 0) {
            QSqlField field(QString(), values.at(i - 1).metaType());
            field.setValue(values.at(i - 1));
            text += db.driver()->formatValue(field);
        }
        text += parts.at(i);
    }
    QSqlQuery q(db);
    if (!q.exec(text))
        return sql::error(q);
    return q;
}

} // namespace

ServerEpisodeIndex::ServerEpisodeIndex(Database& db)
    : m_db(db)
{}

Result<ServerEpisodeIndex::Statistics> ServerEpisodeIndex::statistics(const QString& userId,
                                                                      const QList<SearchTerm>& terms) const
{
    // The user's totals (the row without a term) and the terms' frequencies, in one round trip.
    // The terms as an array (= ANY) and not a join (IN): after a bulk load, until episode_terms
    // is analysed, the planner took the user's terms for a few and joined all 17,000 of them
    // (1.8 ms instead of 0.15).
    Statistics stats;
    auto q = runInline(m_db.connection(),
                       QStringLiteral("SELECT NULL, docs, tokens FROM episode_stats WHERE user_id = ? UNION ALL "
                                      "SELECT term, docs, 0 FROM episode_terms WHERE user_id = ? AND docs > 0 AND "
                                      "term = ANY(ARRAY(SELECT value FROM %1))")
                           .arg(m_db.backend().jsonValues()),
                       {userId, userId, jsonList(terms)});
    if (!q)
        return q.error();
    QHash<QString, qint64> frequencies;
    while (q->next()) {
        if (q->isNull(0)) {
            stats.rows = q->value(1).toLongLong();
            stats.averageLength =
                std::max(1.0, q->value(2).toDouble() / static_cast<double>(std::max<qint64>(1, stats.rows)));
        } else {
            frequencies.insert(q->value(0).toString(), q->value(1).toLongLong());
        }
    }
    if (stats.rows > 0)
        stats.frequencies = std::move(frequencies);
    return stats;
}

ServerEpisodeIndex::Plan ServerEpisodeIndex::plan(const QList<SearchTerm>& terms, const Statistics& stats)
{
    QList<SearchTerm> considered = terms;
    std::stable_sort(considered.begin(), considered.end(),
                     [](const SearchTerm& a, const SearchTerm& b) { return a.weight > b.weight; });
    if (considered.size() > kMaxTerms)
        considered.resize(kMaxTerms);
    QList<SearchTerm> present;
    for (const SearchTerm& t : std::as_const(considered)) {
        if (stats.frequencies.value(t.text) > 0)
            present.append(t);
    }
    // Within a weight, the rarest first: they say most and cost least. The question's terms take
    // the posting budget before the chatter's.
    std::stable_sort(present.begin(), present.end(), [&](const SearchTerm& a, const SearchTerm& b) {
        return a.weight != b.weight ? a.weight > b.weight
                                    : stats.frequencies.value(a.text) < stats.frequencies.value(b.text);
    });
    Plan plan;
    qint64 budget = kPostingBudget;
    for (const SearchTerm& t : std::as_const(present)) {
        const qint64 n = stats.frequencies.value(t.text);
        if (n <= budget) {
            budget -= n;
            plan.ranked.append(t);
        } else {
            plan.common.append(t);
        }
    }
    // The rarest common terms first: they find the fewest episodes together.
    std::stable_sort(plan.common.begin(), plan.common.end(), [&](const SearchTerm& a, const SearchTerm& b) {
        return stats.frequencies.value(a.text) < stats.frequencies.value(b.text);
    });
    return plan;
}

Result<QList<ServerEpisodeIndex::Scored>>
ServerEpisodeIndex::score(const QString& userId, const QList<SearchTerm>& terms, const QString& match,
                          const Statistics& stats, std::optional<EpisodeKind> kind, int newest, bool dense) const
{
    QHash<QString, double> weights; // weight × idf of each term that occurs
    for (const SearchTerm& t : terms) {
        if (const qint64 df = stats.frequencies.value(t.text); df > 0)
            weights[t.text] += t.weight * bm25::idf(stats.rows, df);
    }
    // The owner's lexeme beside the terms: the index answers for this user alone.
    QString where = QStringLiteral("user_id = ? AND status = 'active'");
    const QString tsquery = QStringLiteral("(%1) & %2").arg(match, lexeme(ownerLexeme(userId)));
    QVariantList values{userId};
    if (kind) {
        where += QStringLiteral(" AND kind = ?");
        values.append(enumName(*kind));
    }
    const QString columns = QStringLiteral("seq, kind, search_length, search_body, search_extra, search_context");
    QList<std::pair<QString, QVariantList>> statements; // the second only when the first found too few
    if (newest <= 0) {
        // All matches (of rare terms: the budget bounds them), found first: a subquery the
        // planner cannot flatten (OFFSET 0), so the user's conditions wait for its rows. Without
        // statistics, as after a bulk load until the table is analysed, the planner would rather
        // read every episode of the user through episodes_user and test each vector (200 ms at
        // 100,000 episodes instead of 2). A MATERIALIZED CTE fenced it as well, but copied every
        // match's texts into a tuple store first: a quarter of the statement (4.5 ms against 3.3
        // for 979 matches at 100,000 episodes, pgbench).
        statements.append({QStringLiteral("SELECT %1 FROM (SELECT user_id, status, %1 FROM episodes "
                                          "WHERE search_vector @@ CAST(? AS tsquery) OFFSET 0) found WHERE %2")
                               .arg(columns, where),
                           QVariantList{tsquery} + values});
    } else {
        // The newest of common terms. The index finds every match before the newest can be
        // chosen: at 100,000 episodes a Chinese word with its characters (which the planner takes
        // for independent) matches 20,000, 90 ms. When they may be dense, the user's newest
        // episodes (by seq, through episodes_newest) are read back first, until the last match
        // needed or at most sqrt(kIndexedRowCost × newest × episodes) of them: the cheaper side
        // of the two costs, and the index only when they held too few.
        const QString indexed =
            QStringLiteral("SELECT %1 FROM episodes WHERE %2 AND search_vector @@ CAST(? AS tsquery) "
                           "ORDER BY seq DESC LIMIT %3")
                .arg(columns, where)
                .arg(newest);
        const auto window = static_cast<qint64>(
            std::ceil(std::sqrt(kIndexedRowCost * static_cast<double>(newest) * static_cast<double>(stats.rows))));
        if (dense && window < stats.rows)
            statements.append(
                {QStringLiteral("SELECT %1 FROM (SELECT %1, search_vector FROM episodes WHERE %2 "
                                "ORDER BY seq DESC LIMIT %3) recent "
                                "WHERE ts_match_vq(search_vector, CAST(? AS tsquery)) ORDER BY seq DESC LIMIT %4")
                     .arg(columns, where)
                     .arg(window)
                     .arg(newest),
                 values + QVariantList{tsquery}});
        statements.append({indexed, values + QVariantList{tsquery}});
    }
    // Each term's occurrences in each column of a candidate, weighted by column as FTS5's bm25()
    // weighs them, counted from the space-separated tokens the vector was made of.
    QStringList termTexts;
    QList<double> termWeights;
    for (auto it = weights.cbegin(); it != weights.cend(); ++it) {
        termTexts.append(it.key());
        termWeights.append(*it);
    }
    const TermSlots slots(termTexts);
    constexpr double columnWeights[] = {PostingCache::kBodyWeight, PostingCache::kExtraWeight,
                                        PostingCache::kContextWeight};
    QList<double> frequencies(termWeights.size());
    QList<Scored> scored;
    for (const auto& [statement, bound] : std::as_const(statements)) {
        auto q = runInline(m_db.connection(), statement, bound);
        if (!q)
            return q.error();
        scored.clear();
        while (q->next()) {
            std::fill(frequencies.begin(), frequencies.end(), 0.0);
            for (int column = 0; column < 3; ++column) {
                const QString text = q->value(3 + column).toString();
                for (const QStringView token : qTokenize(QStringView(text), u' ', Qt::SkipEmptyParts)) {
                    if (const qsizetype term = slots.find(token); term != TermSlots::kNone)
                        frequencies[term] += columnWeights[column];
                }
            }
            const double length = q->value(2).toDouble();
            double score = 0;
            for (qsizetype i = 0; i < frequencies.size(); ++i) {
                if (frequencies.at(i) > 0)
                    score += termWeights.at(i) * bm25::termFrequency(frequencies.at(i), length, stats.averageLength);
            }
            scored.append(Scored{score, q->value(0).toLongLong(),
                                 episodeKindFromString(q->value(1).toString()).value_or(EpisodeKind::Exchange)});
        }
        if (newest <= 0 || scored.size() >= newest)
            break; // else the recent episodes held too few: the index's matches
    }
    std::sort(scored.begin(), scored.end(),
              [](const Scored& a, const Scored& b) { return a.score != b.score ? a.score > b.score : a.seq > b.seq; });
    return scored;
}

bool ServerEpisodeIndex::dense(const QList<SearchTerm>& terms, int newest, const Statistics& stats)
{
    // Reading back until `newest` of a share d of the rows costs newest / d rows, the index's
    // matches d × rows, each kIndexedRowCost as dear: the first is cheaper above
    // d = sqrt(newest / (kIndexedRowCost × rows)). A term within another
    // of the set (a character of a Chinese word) adds nothing to the other's share; the others
    // are taken for independent. A share taken too high reads back a whole window in vain
    // before the index (6 ms, then 10 ms, at 100,000 episodes), as the rarest term's share alone
    // did for a word and a character of another.
    if (terms.isEmpty() || stats.rows <= 0)
        return false;
    const auto rows = static_cast<double>(stats.rows);
    double share = 1.0;
    for (const SearchTerm& t : terms) {
        const bool within = std::any_of(terms.cbegin(), terms.cend(), [&](const SearchTerm& other) {
            return other.text.size() > t.text.size() && other.text.contains(t.text);
        });
        if (!within)
            share *= static_cast<double>(stats.frequencies.value(t.text)) / rows;
    }
    return kIndexedRowCost * share * share * rows >= newest;
}

Result<ServerEpisodeIndex::Candidates> ServerEpisodeIndex::cooccurring(const QString& userId,
                                                                       const QList<SearchTerm>& terms,
                                                                       const QList<SearchTerm>& common,
                                                                       const Statistics& stats, int limit) const
{
    // The same choice as SQLite's (the fewest terms that leave fewer than `limit`, else the
    // newest `limit` of the most terms), made from the most terms down: the more terms, the
    // fewer episodes the index finds and reads, and the first set of `limit` ends the search
    // (from two up, two common terms alone cost 20 ms at 100,000 episodes, and were always read).
    Candidates best;
    const qsizetype most = std::min<qsizetype>(common.size(), 4);
    for (qsizetype k = most; k >= std::min<qsizetype>(2, most) && k > 0; --k) {
        const QList<SearchTerm> together = common.mid(0, k);
        auto found = score(userId, terms, joined(together, QLatin1String(" & ")), stats, std::nullopt, limit,
                           dense(together, limit, stats));
        if (!found)
            return found.error();
        if (found->size() >= limit) {
            if (best.scored.isEmpty())
                best = Candidates{std::move(found).value(), false};
            break; // fewer terms find more still: the set of k + 1 stands, or these newest
        }
        if (!found->isEmpty())
            best = Candidates{std::move(found).value(), true};
    }
    return best;
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
    auto q = runInline(m_db.connection(),
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
    int largest = 0;
    for (const EpisodeQuota& q : quotas)
        largest = std::max(largest, q.limit);
    if (terms.isEmpty() || largest <= 0)
        return lists;
    // The question's own terms before the chatter around it (QueryAnalyzer's weights), and a
    // pasted page is not thousands of terms: the first kMaxTerms stand for it.
    QList<SearchTerm> query = terms;
    std::stable_sort(query.begin(), query.end(),
                     [](const SearchTerm& a, const SearchTerm& b) { return a.weight > b.weight; });
    if (query.size() > kMaxTerms)
        query.resize(kMaxTerms);
    auto stats = statistics(userId, query);
    if (!stats)
        return stats.error();
    const Plan planned = plan(query, *stats);
    if (planned.ranked.isEmpty() && planned.common.isEmpty())
        return lists; // no term occurs in this user's episodes
    // The episodes holding a rare term, all of them (the budget bounds them); when they are fewer
    // than asked for, the newest holding the rarest common terms together join them. Every term
    // of the question scores each.
    Candidates candidates;
    if (!planned.ranked.isEmpty()) {
        auto found = score(userId, query, anyOf(planned.ranked), *stats, std::nullopt);
        if (!found)
            return found.error();
        candidates.scored = std::move(found).value();
    }
    if (candidates.scored.size() < largest && !planned.common.isEmpty()) {
        auto more = cooccurring(userId, query, planned.common, *stats, indexLimit(largest));
        if (!more)
            return more.error();
        QSet<qint64> have;
        for (const Scored& s : std::as_const(candidates.scored))
            have.insert(s.seq);
        for (const Scored& s : std::as_const(more->scored)) {
            if (!have.contains(s.seq))
                candidates.scored.append(s);
        }
        candidates.complete = more->complete;
        std::sort(candidates.scored.begin(), candidates.scored.end(), [](const Scored& a, const Scored& b) {
            return a.score != b.score ? a.score > b.score : a.seq > b.seq;
        });
    }
    for (qsizetype i = 0; i < quotas.size(); ++i) {
        const EpisodeQuota& quota = quotas.at(i);
        if (quota.limit <= 0)
            continue;
        QList<Scored> best;
        for (const Scored& s : std::as_const(candidates.scored)) {
            if (best.size() >= quota.limit)
                break;
            if (!quota.kind || s.kind == *quota.kind)
                best.append(s);
        }
        if (!candidates.complete && best.size() < enough(quota.limit)) {
            // The newest common matches were nearly all of another kind: this kind's own.
            const QList<SearchTerm> together = planned.common.mid(0, 2);
            const QString match =
                planned.ranked.isEmpty() ? joined(together, QLatin1String(" & ")) : anyOf(planned.ranked);
            auto own = score(userId, query, match, *stats, quota.kind, indexLimit(quota.limit),
                             planned.ranked.isEmpty() && dense(together, indexLimit(quota.limit), *stats));
            if (!own)
                return own.error();
            best = std::move(own).value();
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
    auto scored = score(userId, terms, anyOf(present), *stats, kind);
    if (!scored)
        return scored.error();
    if (scored->size() > limit)
        scored->resize(limit);
    return read(*scored, HitDetail::Full);
}

QString ServerEpisodeIndex::containsAll(const QStringList& tokens, bool lastIsPrefix, QVariantList& values) const
{
    // The index finds the episodes holding every token in any column; each must then be one of
    // the words of the episode, its reply or its topic (a prefix of one, for the last while it is
    // typed), not only of its neighbours'.
    QStringList parts;
    QString clause = QStringLiteral("e.search_vector @@ CAST(? AS tsquery)");
    QVariantList words;
    for (qsizetype i = 0; i < tokens.size(); ++i) {
        const bool prefix = lastIsPrefix && i == tokens.size() - 1;
        parts.append(lexeme(tokens.at(i)) + (prefix ? QStringLiteral(":*") : QString()));
        clause += QStringLiteral(" AND strpos(' ' || e.search_body || ' ' || e.search_extra || ' ', ?) > 0");
        words.append(QString(QLatin1Char(' ') + tokens.at(i) + (prefix ? QString() : QStringLiteral(" "))));
    }
    values.append(parts.join(QLatin1String(" & ")));
    values.append(words);
    return clause;
}

Status ServerEpisodeIndex::beginBulkLoad()
{
    // Outside a transaction the setting would end with its own statement: the triggers do it all.
    m_bulkAfterSeq.reset();
    if (!m_db.inTransaction())
        return {};
    auto last = sql::scalar(m_db.connection(), QStringLiteral("SELECT coalesce(max(seq), 0) FROM episodes"));
    if (!last)
        return last.error();
    // Its entries go to the GIN index's pending list and are merged into the index 64 MB at a
    // time, not 64 kB (the connection's own setting; a fifth of the cost of a load), and all of
    // them at the end (finishBulkLoad).
    if (auto st =
            sql::execute(m_db.connection(), QStringLiteral("SELECT set_config('engram.bulk_load', 'on', true), "
                                                           "set_config('gin_pending_list_limit', '65536', true)"));
        !st)
        return st;
    m_bulkAfterSeq = last->toLongLong();
    return {};
}

Status ServerEpisodeIndex::finishBulkLoad()
{
    if (!m_bulkAfterSeq)
        return {};
    const qint64 after = *m_bulkAfterSeq;
    m_bulkAfterSeq.reset();
    // Many new rows (and terms): the planner's statistics are renewed now rather than when
    // autovacuum comes by (a minute or so later; until then a search may be planned as for an
    // empty table). The episodes' before the finish, whose refresh of the neighbours' context is
    // planned with them: a first import of 10,000 episodes or more into an empty server had it
    // find each neighbour by the user's index by time, reading every earlier episode of the user
    // for each (O(n²): 90 s for 10,000, 300 s for 20,000, instead of one second).
    // Only the columns queries filter, join or sort on: the texts' statistics were half of the
    // time (650 ms at 120,000 episodes, 300 without them).
    auto last = sql::scalar(m_db.connection(), QStringLiteral("SELECT coalesce(max(seq), 0) FROM episodes"));
    if (!last)
        return last.error();
    const bool many = last->toLongLong() - after >= kAnalyzeAfterRows;
    if (many) {
        if (auto st = sql::execute(m_db.connection(),
                                   QStringLiteral("ANALYZE episodes (user_id, kind, status, seq, created_at, "
                                                  "conversation_id, topic_key, pinned, origin, search_vector)"));
            !st)
            return st;
    }
    auto loaded = sql::scalar(m_db.connection(), QStringLiteral("SELECT engram_bulk_finish(?)"), {after});
    if (!loaded)
        return loaded.error();
    // The pending list merged now: a search reads all of it. Only the index's owner may (else
    // the next insert past the connection's 64 kB or autovacuum does it).
    if (auto st = sql::execute(m_db.connection(),
                               QStringLiteral("SELECT gin_clean_pending_list(CAST(c.oid AS regclass)) FROM pg_class c "
                                              "WHERE c.oid = CAST('episodes_search' AS regclass) "
                                              "AND pg_has_role(c.relowner, 'USAGE')"));
        !st)
        return st;
    if (auto st = sql::execute(m_db.connection(), QStringLiteral("SET LOCAL gin_pending_list_limit = 64")); !st)
        return st;
    if (many)
        return sql::execute(m_db.connection(), QStringLiteral("ANALYZE episode_terms"));
    return {};
}

QString ServerEpisodeIndex::ownerLexeme(const QString& userId)
{
    return QLatin1Char(' ') +
           QString::fromLatin1(QCryptographicHash::hash(userId.toUtf8(), QCryptographicHash::Md5).toHex());
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

Status ServerEpisodeIndex::changeStatuses(const std::function<Status()>& change)
{
    // The context trigger stands aside (it reads this setting) while the statuses change; after
    // a failure the transaction is rolled back, and the setting with it.
    const QSqlDatabase& db = m_db.connection();
    if (auto st = sql::execute(db, QStringLiteral("SET LOCAL engram.skip_context = 'on'")); !st)
        return st;
    if (auto st = change(); !st)
        return st;
    return sql::execute(db, QStringLiteral("SET LOCAL engram.skip_context = 'off'"));
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
