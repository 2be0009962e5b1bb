#include "memory/FusionCalibration.h"

#include "memory/MemoryContext.h"
#include "memory/RankFusion.h"
#include "memory/Retriever.h"

#include <QHash>
#include <QLoggingCategory>

#include <algorithm>
#include <optional>

Q_DECLARE_LOGGING_CATEGORY(lcMemory)

namespace engram {
namespace {

// The depths of the two rankings fused, as a search for 10 results fuses them (Retriever).
constexpr int kKeywordCandidates = 50;
constexpr int kVectorCandidates = 30;
// A user's vectors of a model grow by this many, and by a quarter, before the weights are chosen again.
constexpr int kRegrowth = 20;
// Where the weights chosen are kept in the user's settings: an object by model.
constexpr const char* kSettingsKey = "fusion_weights";

// Whether weights chosen when the user had `chosen.vectors` vectors still hold with `count`.
bool stillFits(const MemoryContext::CalibratedFusion& chosen, int count)
{
    return count >= chosen.vectors && count < chosen.vectors + std::max(kRegrowth, chosen.vectors / 4);
}

// The weights kept in `settings` for `model`, if they are one of the pairs tried now (a changed
// configuration makes them stale).
std::optional<MemoryContext::CalibratedFusion> keptChoice(const Json& settings, const QString& model,
                                                          const QList<FusionWeights>& candidates)
{
    const auto all = settings.find(kSettingsKey);
    if (all == settings.end() || !all->is_object())
        return std::nullopt;
    const auto kept = all->find(model.toStdString());
    if (kept == all->end() || !kept->is_object())
        return std::nullopt;
    const auto number = [&](const char* name) -> std::optional<double> {
        const auto it = kept->find(name);
        if (it == kept->end() || !it->is_number())
            return std::nullopt;
        return it->get<double>();
    };
    const auto keyword = number("keyword");
    const auto vector = number("vector");
    const auto k = number("k");
    const auto vectors = number("vectors");
    if (!keyword || !vector || !k || !vectors)
        return std::nullopt;
    const FusionWeights weights{*keyword, *vector, int(*k)};
    if (!candidates.contains(weights))
        return std::nullopt;
    return MemoryContext::CalibratedFusion{weights, int(*vectors)};
}

} // namespace

QList<FusionWeights> FusionCalibration::candidates(const MemoryConfig& config)
{
    const int k = config.fusionK;
    QList<FusionWeights> out{{config.keywordFusionWeight, config.vectorFusionWeight, k}};
    for (const FusionWeights& w :
         {FusionWeights{1.0, 0.0, k}, FusionWeights{0.0, 1.0, k}, FusionWeights{1.0, 0.25, k},
          FusionWeights{0.5, 1.0, k}, FusionWeights{1.0, 1.0, k}, FusionWeights{1.0, 1.0, RankFusion::kDefaultK}}) {
        if (!out.contains(w))
            out.append(w);
    }
    return out;
}

double FusionCalibration::recall(const QList<FusionProbe>& probes, const FusionWeights& weights)
{
    if (probes.isEmpty())
        return 0.0;
    double sum = 0.0;
    for (const FusionProbe& probe : probes) {
        if (probe.relevant.isEmpty())
            continue;
        const QList<FusedRank> fused = RankFusion::fuseWeighted(
            {{probe.keyword, weights.keyword, weights.k}, {probe.vectors, weights.vector, weights.k}});
        int found = 0;
        for (qsizetype i = 0; i < fused.size() && i < kDepth; ++i)
            found += probe.relevant.contains(fused.at(i).id) ? 1 : 0;
        sum += double(found) / double(probe.relevant.size());
    }
    return sum / double(probes.size());
}

FusionWeights FusionCalibration::choose(const QList<FusionProbe>& probes, const MemoryConfig& config)
{
    const QList<FusionWeights> tried = candidates(config);
    if (probes.size() < kMinProbes)
        return tried.constFirst();
    FusionWeights best = tried.constFirst();
    double bestRecall = recall(probes, best);
    for (qsizetype i = 1; i < tried.size(); ++i) {
        const double r = recall(probes, tried.at(i));
        if (r > bestRecall + kMargin) {
            best = tried.at(i);
            bestRecall = r;
        }
    }
    return best;
}

QList<ProbeTarget> FusionCalibration::plan(const QList<QStringList>& conversations,
                                           const std::function<bool(const QString&)>& usable)
{
    QList<ProbeTarget> out;
    for (const QStringList& turns : conversations) {
        const qsizetype n = turns.size();
        int taken = 0;
        // From the middle outwards: a turn there has relevant turns on both sides.
        for (qsizetype step = 0; step < n && taken < kProbesPerConversation; ++step) {
            const qsizetype i = n / 2 + (step % 2 == 0 ? step / 2 : -(step + 1) / 2);
            if (i < 0 || i >= n || !usable(turns.at(i)))
                continue;
            ProbeTarget target{turns.at(i), {}, {}};
            for (qsizetype j = std::max<qsizetype>(0, i - kFarthestRelevant);
                 j <= std::min<qsizetype>(n - 1, i + kFarthestRelevant); ++j)
                (std::abs(j - i) >= kNearestRelevant ? target.relevant : target.leftOut).insert(turns.at(j));
            if (target.relevant.isEmpty())
                continue;
            out.append(std::move(target));
            ++taken;
            if (out.size() == kMaxProbes)
                return out;
        }
    }
    return out;
}

Result<QList<FusionProbe>> FusionCalibration::probes(MemoryContext& ctx, const Retriever& retriever,
                                                     const QString& userId, const QString& model)
{
    EpisodeFilter filter;
    filter.kind = EpisodeKind::Exchange;
    filter.limit = FusionCalibration::kProbeWindow;
    auto newest = ctx.episodes.list(userId, filter);
    if (!newest)
        return newest.error();
    // Conversations by their newest exchange, each oldest first.
    QList<QStringList> conversations;
    QHash<QString, qsizetype> indexOf;
    QHash<QString, const Episode*> byId;
    for (const Episode& e : *newest) {
        if (e.conversationId.isEmpty())
            continue;
        auto it = indexOf.constFind(e.conversationId);
        if (it == indexOf.constEnd()) {
            it = indexOf.insert(e.conversationId, conversations.size());
            conversations.append(QStringList());
        }
        conversations[*it].prepend(e.id);
        byId.insert(e.id, &e);
    }
    auto stored = ctx.vectors.rowsFor(userId, model);
    if (!stored)
        return stored.error();
    // Both rankings are of the exchanges listed: the cosines of a memory of any size are then
    // 32 × 400 dot products, and the keyword ranking is cut to the same items. The vectors are
    // shared with the cache, not copied.
    QList<StoredVector> listed;
    QHash<QString, QList<float>> vectorOf;
    for (const StoredVector& row : **stored) {
        if (row.itemType == EmbeddingStore::kEpisode && byId.contains(row.itemId)) {
            listed.append(row);
            vectorOf.insert(row.itemId, row.vector);
        }
    }
    const QList<ProbeTarget> targets = plan(conversations, [&](const QString& id) {
        return vectorOf.contains(id) && !byId.value(id)->content.trimmed().isEmpty();
    });

    QList<FusionProbe> out;
    for (const ProbeTarget& target : targets) {
        FusionProbe p;
        p.relevant = target.relevant;
        const auto keep = [&](QStringList& ranking, const QString& id, int limit) {
            if (ranking.size() < limit && byId.contains(id) && !target.leftOut.contains(id))
                ranking.append(id);
        };
        auto keyword = retriever.searchEpisodes(userId, QueryText(byId.value(target.probe)->content),
                                                kKeywordCandidates + kFarthestRelevant, EpisodeKind::Exchange);
        if (!keyword)
            return keyword.error();
        for (const EpisodeHit& hit : *keyword)
            keep(p.keyword, hit.episode.id, kKeywordCandidates);
        const QList<VectorHit> near =
            VectorIndex::rank(vectorOf.value(target.probe), listed, EmbeddingStore::kEpisode,
                              kVectorCandidates + int(target.leftOut.size()), ctx.config.minVectorSimilarity);
        for (const VectorHit& hit : near)
            keep(p.vectors, hit.itemId, kVectorCandidates);
        out.append(std::move(p));
    }
    return out;
}

Result<FusionWeights> FusionCalibration::weightsFor(MemoryContext& ctx, const Retriever& retriever,
                                                    const QString& userId, const QString& model)
{
    // The count the vector search just read (fuseEpisodes and fuseFacts ask it first): no query.
    int count = ctx.vectors.cachedCount(userId, model);
    if (count < 0) {
        auto rows = ctx.vectors.rowsFor(userId, model);
        if (!rows)
            return rows.error();
        count = ctx.vectors.cachedCount(userId, model);
    }
    const QString key = userId + QLatin1Char('\n') + model;
    if (auto it = ctx.fusion.constFind(key); it != ctx.fusion.constEnd() && stillFits(*it, count))
        return it->weights;
    // Chosen by an earlier process that could write (the app, `engram-cli jobs --run`) and kept
    // with the user.
    if (auto settings = ctx.users.settings(userId)) {
        if (auto kept = keptChoice(*settings, model, candidates(ctx.config)); kept && stillFits(*kept, count)) {
            ctx.fusion.insert(key, *kept);
            return kept->weights;
        }
    }
    auto found = probes(ctx, retriever, userId, model);
    if (!found)
        return found.error();
    const FusionWeights weights = choose(*found, ctx.config);
    qCInfo(lcMemory).nospace() << "fusion weights for " << model << ": keywords " << weights.keyword << ", vectors "
                               << weights.vector << ", k " << weights.k << " (" << found->size() << " probes)";
    ctx.fusion.insert(key, MemoryContext::CalibratedFusion{weights, count});
    // A process that only reads (engram-cli search) keeps its choice to itself; the one that
    // embedded the items (JobRunner) has kept one for it.
    if (ctx.db.readOnly())
        return weights;
    const Json kept{{"keyword", weights.keyword}, {"vector", weights.vector}, {"k", weights.k}, {"vectors", count}};
    const auto keep = [&](Json& settings) {
        Json& all = settings[kSettingsKey];
        if (!all.is_object())
            all = Json::object();
        all[model.toStdString()] = kept;
    };
    // Not kept (a full disk): the search goes on, and the next process chooses again.
    if (auto st = ctx.users.updateSettings(userId, keep); !st)
        qCWarning(lcMemory) << "The fusion weights could not be kept:" << st.errorMessage();
    return weights;
}

} // namespace engram
