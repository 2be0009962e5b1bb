#include "memory/Retriever.h"

#include "core/TermTable.h"
#include "memory/MemoryContext.h"
#include "memory/QueryAnalyzer.h"

#include <QHash>
#include <QSet>
#include <QStringTokenizer>

#include <algorithm>
#include <cmath>

namespace engram {
namespace {

// How many more candidates than asked for are fetched before boosts re-rank them; episodes get
// at least kMinCandidates so that matches of one conversation can lift each other.
constexpr int kCandidateFactor = 3;
constexpr int kMinCandidates = 50;

// Soft AND over the query's words: an episode with a of b query words keeps (a/b)^0.75 of its
// score. CJK terms are overlapping fragments and are not counted; an episode that matched only
// those counts as covering half a word.
void scaleByCoverage(const AnalyzedQuery& query, QList<EpisodeHit>& hits)
{
    const double total = query.wordWeight();
    if (total <= 0)
        return;
    QList<std::pair<QString, double>> needles; // " word " in the space-separated index text
    for (const QueryTerm& t : query.terms) {
        if (t.kind == QueryTerm::Kind::Word)
            needles.append({QLatin1Char(' ') + t.text + QLatin1Char(' '), t.weight});
    }
    for (EpisodeHit& h : hits) {
        const QString text = QLatin1Char(' ') + h.indexText + QLatin1Char(' ');
        double covered = 0;
        for (const auto& [needle, weight] : std::as_const(needles)) {
            if (text.contains(needle))
                covered += weight;
        }
        h.score *= std::pow(std::max(covered, 0.5) / total, Retriever::kCoveragePower);
    }
}

void boostByTime(const AnalyzedQuery& query, QList<EpisodeHit>& hits)
{
    if (!query.time)
        return;
    for (EpisodeHit& h : hits) {
        if (query.time->contains(h.episode.createdAt, Retriever::kTimeSlackDays))
            h.score *= Retriever::kTimeBoost;
    }
}

// Each episode gains a share of the best other match in its conversation.
void boostByConversation(QList<EpisodeHit>& hits)
{
    QHash<QString, std::pair<double, double>> best; // conversation -> the two best scores
    for (const EpisodeHit& h : std::as_const(hits)) {
        if (h.episode.conversationId.isEmpty())
            continue;
        auto& [first, second] = best[h.episode.conversationId];
        if (h.score > first) {
            second = first;
            first = h.score;
        } else if (h.score > second) {
            second = h.score;
        }
    }
    for (EpisodeHit& h : hits) {
        if (h.episode.conversationId.isEmpty())
            continue;
        const auto [first, second] = best.value(h.episode.conversationId);
        h.score += Retriever::kConversationShare * (h.score >= first ? second : first);
    }
}

// The weighted share of each question sentence's terms an episode holds, one entry per part.
// `table` holds the query's terms, in order.
QList<double> partCoverage(const AnalyzedQuery& query, const TermTable& table, const EpisodeHit& hit)
{
    QList<bool> holds(query.terms.size(), false);
    for (const QStringView token : qTokenize(QStringView(hit.indexText), u' ', Qt::SkipEmptyParts)) {
        if (const qsizetype t = table.find(token); t >= 0)
            holds[t] = true;
    }
    QList<double> held(query.parts, 0.0);
    QList<double> total(query.parts, 0.0);
    for (qsizetype i = 0; i < query.terms.size(); ++i) {
        const QueryTerm& t = query.terms.at(i);
        const bool has = holds.at(i);
        for (int p = 0; p < query.parts; ++p) {
            if ((t.parts & (1u << p)) == 0)
                continue;
            total[p] += t.weight;
            if (has)
                held[p] += t.weight;
        }
    }
    for (int p = 0; p < query.parts; ++p)
        held[p] = total[p] > 0 ? hit.score * held[p] / total[p] : 0.0;
    return held;
}

// A query of several questions ("A? Also, B?") is answered by different episodes, and the words
// of the longer question would otherwise fill the top places. The ranking is taken in rounds:
// each round places the best remaining episode for every question (its score times its share
// of that question's terms), in score order; after Retriever::kPartRounds rounds the rest
// follows as ranked.
void balanceParts(const AnalyzedQuery& query, QList<EpisodeHit>& hits)
{
    if (query.parts < 2 || hits.size() < 2)
        return;
    QStringList texts;
    for (const QueryTerm& t : query.terms)
        texts.append(t.text);
    const TermTable table(texts);
    QList<QList<double>> scores; // per hit, per question
    for (const EpisodeHit& h : std::as_const(hits))
        scores.append(partCoverage(query, table, h));
    QList<bool> taken(hits.size(), false);
    QList<EpisodeHit> ordered;
    for (int round = 0; round < Retriever::kPartRounds; ++round) {
        QList<qsizetype> picks;
        for (int p = 0; p < query.parts; ++p) {
            qsizetype best = -1;
            for (qsizetype i = 0; i < hits.size(); ++i) {
                if (!taken[i] && !picks.contains(i) && scores[i][p] > 0 && (best < 0 || scores[i][p] > scores[best][p]))
                    best = i;
            }
            if (best >= 0)
                picks.append(best);
        }
        std::sort(picks.begin(), picks.end(), [&](qsizetype a, qsizetype b) { return hits[a].score > hits[b].score; });
        for (const qsizetype i : std::as_const(picks)) {
            taken[i] = true;
            ordered.append(hits[i]);
        }
    }
    for (qsizetype i = 0; i < hits.size(); ++i) {
        if (!taken[i])
            ordered.append(hits[i]);
    }
    hits = ordered;
}

template <typename Hit, typename Created>
void rerank(QList<Hit>& hits, Created createdOf)
{
    std::stable_sort(hits.begin(), hits.end(), [&](const Hit& a, const Hit& b) {
        if (a.score != b.score)
            return a.score > b.score;
        return createdOf(a) > createdOf(b);
    });
}

} // namespace

Retriever::Retriever(MemoryContext& ctx)
    : m_ctx(ctx)
{}

double Retriever::boosted(double bm25, bool pinned, double importance)
{
    return bm25 * (1.0 + (pinned ? 0.25 : 0.0) + (importance - 0.5) * 0.5);
}

Result<QList<EpisodeHit>> Retriever::searchEpisodes(const QString& userId, const QueryText& query, int limit,
                                                    std::optional<EpisodeKind> kind,
                                                    const std::optional<QueryVector>& vector) const
{
    auto lists = searchEpisodes(userId, query, QList<EpisodeQuota>{EpisodeQuota{kind, limit}}, vector);
    if (!lists)
        return lists.error();
    return lists->constFirst();
}

Result<QList<QList<EpisodeHit>>> Retriever::searchEpisodes(const QString& userId, const QueryText& query,
                                                           const QList<EpisodeQuota>& quotas,
                                                           const std::optional<QueryVector>& vector) const
{
    const AnalyzedQuery analyzed = QueryAnalyzer::analyze(query, m_ctx.clock.now());
    QList<QList<EpisodeHit>> lists(quotas.size());
    if (!analyzed.isEmpty()) { // else no word to search for; the meaning may still find something
        const QList<SearchTerm> terms = analyzed.searchTerms();
        QList<EpisodeQuota> candidates;
        for (const EpisodeQuota& q : quotas) {
            // Summaries stand alone (no conversation to lift them), so they need no extra candidates.
            const int n = q.kind == EpisodeKind::Summary ? q.limit * kCandidateFactor
                                                         : std::max(q.limit * kCandidateFactor, kMinCandidates);
            candidates.append(EpisodeQuota{q.kind, q.limit > 0 ? n : 0});
        }
        // The candidates are read without their text; only the hits kept are read whole.
        auto found = m_ctx.episodes.search(userId, terms, candidates, HitDetail::Ranking);
        if (!found)
            return found.error();
        lists = std::move(found).value();
    }
    for (qsizetype i = 0; i < quotas.size(); ++i) {
        const EpisodeQuota& quota = quotas.at(i);
        QList<EpisodeHit>& hits = lists[i];
        if (quota.limit <= 0) {
            hits.clear();
            continue;
        }
        for (EpisodeHit& h : hits)
            h.score = boosted(h.score, h.episode.pinned, h.episode.importance);
        if (!analyzed.conversational) // a soft AND over everything a user says finds too little
            scaleByCoverage(analyzed, hits);
        boostByTime(analyzed, hits);
        boostByConversation(hits);
        rerank(hits, [](const EpisodeHit& h) { return h.episode.createdAt; });
        balanceParts(analyzed, hits);
        if (vector) {
            auto fused = fuseEpisodes(userId, std::move(hits), *vector, quota.limit, quota.kind);
            if (!fused)
                return fused.error();
            hits = std::move(fused).value();
        } else if (hits.size() > quota.limit) {
            hits.resize(quota.limit);
        }
        if (auto st = m_ctx.episodes.complete(hits); !st)
            return st.error();
    }
    return lists;
}

Result<QList<FactHit>> Retriever::searchFacts(const QString& userId, const QueryText& query, int limit,
                                              const std::optional<QueryVector>& vector) const
{
    const AnalyzedQuery analyzed = QueryAnalyzer::analyze(query, m_ctx.clock.now());
    if (limit <= 0)
        return QList<FactHit>();
    if (analyzed.isEmpty())
        return vector ? fuseFacts(userId, {}, *vector, limit) : QList<FactHit>();
    auto hits = m_ctx.facts.search(userId, analyzed.searchTerms(), limit * kCandidateFactor);
    if (!hits)
        return hits.error();
    for (FactHit& h : *hits)
        h.score = boosted(h.score, h.fact.pinned, h.fact.importance);
    rerank(*hits, [](const FactHit& h) { return h.fact.updatedAt; });
    if (vector)
        return fuseFacts(userId, std::move(*hits), *vector, limit);
    if (hits->size() > limit)
        hits->resize(limit);
    return hits;
}

Result<QList<MemoryItem>> Retriever::search(const QString& userId, const QueryText& query,
                                            const SearchOptions& options) const
{
    QList<MemoryItem> items;
    if (options.facts) {
        auto facts = searchFacts(userId, query, options.limit, options.queryVector);
        if (!facts)
            return facts.error();
        for (const FactHit& h : *facts) {
            MemoryItem item = MemoryItem::fromFact(h.fact);
            item.score = h.score;
            items.append(item);
        }
    }
    if (options.episodes) {
        auto episodes = searchEpisodes(userId, query, options.limit, options.kind, options.queryVector);
        if (!episodes)
            return episodes.error();
        for (const EpisodeHit& h : *episodes) {
            MemoryItem item = MemoryItem::fromEpisode(h.episode);
            item.score = h.score;
            items.append(item);
        }
    }
    std::stable_sort(items.begin(), items.end(), [](const MemoryItem& a, const MemoryItem& b) {
        if (*a.score != *b.score)
            return *a.score > *b.score;
        return a.createdAt > b.createdAt;
    });
    if (items.size() > options.limit)
        items.resize(options.limit);
    return items;
}

} // namespace engram
