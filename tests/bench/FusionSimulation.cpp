#include "FusionSimulation.h"

#include "CorpusGenerator.h"
#include "Datasets.h"
#include "QualityRun.h"
#include "RetrievalMetrics.h"

#include "memory/FusionCalibration.h"
#include "memory/MemoryConfig.h"
#include "memory/RankFusion.h"

#include <QDir>

#include <algorithm>
#include <cmath>

namespace engram::bench {
namespace {

constexpr int kTopK = 10;
// What the Retriever fuses for 10 results: at least 50 keyword candidates (kMinCandidates) and the
// 30 nearest vectors (3 × the limit) above the similarity floor.
constexpr int kKeywordCandidates = 50;
constexpr int kVectorCandidates = 30;
// Simulated cosines: an unrelated item's ~ N(0.30, 0.08), as OpenAI-style models give unrelated
// text; the evidence's is shifted up by d′ standard deviations.
constexpr double kMeanCosine = 0.30;
constexpr double kCosineSd = 0.08;
const QList<double> kSeparations{0.0, 1.0, 2.0, 3.0, 4.0};

const QString kKeyword = QStringLiteral("keyword (Engram)");
const QString kVectors = QStringLiteral("vectors alone");
const QString kFused = QStringLiteral("fused (default)");
const QString kPaper = QStringLiteral("fused (equal, k = 60)");
const QString kCalibrated = QStringLiteral("fused (calibrated)");

// A standard normal draw (Box–Muller).
double normal(SplitMix& rng)
{
    const double u1 = std::max(rng.unit(), 1e-12);
    const double u2 = rng.unit();
    return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * M_PI * u2);
}

// The nearest items by simulated cosine, as nearestIds returns them: best first, at most
// kVectorCandidates, none below the similarity floor or in `leftOut`.
QStringList simulatedNearest(const BenchStore& store, const QSet<QString>& relevant, double separation, SplitMix& rng,
                             double floor, const QSet<QString>& leftOut = {})
{
    QList<std::pair<double, QString>> scored;
    for (const BenchItem& item : store.items) {
        double cosine = kMeanCosine + kCosineSd * normal(rng);
        if (leftOut.contains(item.key))
            continue;
        if (relevant.contains(item.key))
            cosine += separation * kCosineSd;
        if (cosine >= floor)
            scored.append({cosine, item.key});
    }
    std::sort(scored.begin(), scored.end(), [](const auto& x, const auto& y) { return x.first > y.first; });
    QStringList ids;
    for (qsizetype i = 0; i < scored.size() && i < kVectorCandidates; ++i)
        ids.append(scored.at(i).second);
    return ids;
}

QStringList fused(const QStringList& keyword, const QStringList& vectors, double keywordWeight, double vectorWeight,
                  int k)
{
    QStringList ids;
    for (const FusedRank& r : RankFusion::fuseWeighted({{keyword, keywordWeight, k}, {vectors, vectorWeight, k}})) {
        if (ids.size() == kTopK)
            break;
        ids.append(r.id);
    }
    return ids;
}

// The store's probes as FusionCalibration draws them from a memory (its newest kProbeWindow items),
// with Engram's keyword ranking; the vector rankings are drawn per separation.
struct StoreProbes
{
    QList<ProbeTarget> targets;
    QList<QStringList> keyword;
    BenchStore window; // the items the probes are drawn from and ranked among
};

StoreProbes keywordProbes(const BenchStore& store, QualityRun& run)
{
    QList<QStringList> conversations;
    QHash<QString, qsizetype> indexOf;
    QHash<QString, QString> textOf;
    const qsizetype first = std::max<qsizetype>(0, store.items.size() - FusionCalibration::kProbeWindow);
    for (qsizetype i = store.items.size() - 1; i >= first; --i) {
        const BenchItem& item = store.items.at(i);
        auto it = indexOf.constFind(item.conversation);
        if (it == indexOf.constEnd()) {
            it = indexOf.insert(item.conversation, conversations.size());
            conversations.append(QStringList());
        }
        conversations[*it].prepend(item.key);
        textOf.insert(item.key, item.text);
    }
    StoreProbes probes;
    probes.window.items = store.items.mid(first);
    probes.targets = FusionCalibration::plan(conversations, [](const QString&) { return true; });
    for (const ProbeTarget& target : probes.targets) {
        BenchQuestion probe;
        probe.text = textOf.value(target.probe);
        double ms = 0;
        QStringList ranked = check(run.rank(Method::Engram, probe, kKeywordCandidates + 3, ms), "probe");
        ranked.removeIf([&](const QString& key) { return target.leftOut.contains(key) || !textOf.contains(key); });
        probes.keyword.append(ranked.mid(0, kKeywordCandidates));
    }
    return probes;
}

// The weights FusionCalibration chooses for the store when the model separates a probe's relevant
// items by `separation`, as it separates a question's evidence.
FusionWeights calibrated(const StoreProbes& probes, double separation, SplitMix& rng, const MemoryConfig& config)
{
    QList<FusionProbe> drawn;
    for (qsizetype i = 0; i < probes.targets.size(); ++i) {
        const ProbeTarget& target = probes.targets.at(i);
        drawn.append(FusionProbe{probes.keyword.at(i),
                                 simulatedNearest(probes.window, target.relevant, separation, rng,
                                                  config.minVectorSimilarity, target.leftOut),
                                 target.relevant});
    }
    return FusionCalibration::choose(drawn, config);
}

struct SetResult
{
    QString title;
    QList<MetricSums> bySeparation; // one per kSeparations
    int questions{};
    QList<QMap<QString, int>> chosen; // per separation: how many stores chose each pair of weights
};

SetResult simulate(const QString& title, const QList<BenchStore>& stores, const QString& templatePath,
                   const QString& dir)
{
    const MemoryConfig config;
    SetResult r{title, QList<MetricSums>(kSeparations.size()), 0, {}};
    r.chosen.resize(kSeparations.size());
    quint64 seed = 0x5EED5EEDULL;
    for (const BenchStore& store : stores) {
        QualityRun run(store, templatePath, dir);
        if (auto st = run.open(); !st)
            qFatal("cannot load %s: %s", qPrintable(store.name), qPrintable(st.errorMessage()));
        const StoreProbes probes = keywordProbes(store, run);
        QList<FusionWeights> weights;
        for (qsizetype s = 0; s < kSeparations.size(); ++s) {
            SplitMix rng(0xCA11B8A7E5ULL + quint64(r.questions) * 131 + quint64(s));
            weights.append(calibrated(probes, kSeparations.at(s), rng, config));
            ++r.chosen[s][QStringLiteral("%1/%2 k %3")
                              .arg(weights.last().keyword)
                              .arg(weights.last().vector)
                              .arg(weights.last().k)];
        }
        for (const BenchQuestion& q : store.questions) {
            double ms = 0;
            const QStringList keyword = check(run.rank(Method::Engram, q, kKeywordCandidates, ms), "keyword");
            ++r.questions;
            for (qsizetype s = 0; s < kSeparations.size(); ++s) {
                SplitMix rng(++seed);
                const QStringList vectors =
                    simulatedNearest(store, q.keys, kSeparations.at(s), rng, config.minVectorSimilarity);
                MetricSums& sums = r.bySeparation[s];
                sums.add(kKeyword, q.group, scoreRanking(keyword.mid(0, kTopK), q.keys));
                sums.add(kVectors, q.group, scoreRanking(vectors.mid(0, kTopK), q.keys));
                sums.add(kFused, q.group,
                         scoreRanking(fused(keyword, vectors, config.keywordFusionWeight, config.vectorFusionWeight,
                                            config.fusionK),
                                      q.keys));
                sums.add(kPaper, q.group,
                         scoreRanking(fused(keyword, vectors, 1.0, 1.0, RankFusion::kDefaultK), q.keys));
                const FusionWeights& w = weights.at(s);
                sums.add(kCalibrated, q.group, scoreRanking(fused(keyword, vectors, w.keyword, w.vector, w.k), q.keys));
            }
        }
    }
    return r;
}

} // namespace

void runFusionSimulation(const BenchOptions& o, const QString& templatePath, const QString& dir, Report& report)
{
    auto memdaily = loadMemDaily(QDir(o.dataDir).filePath(QStringLiteral("memdaily")), 10, o.quick ? 9 : 3);
    auto realtalk = loadRealtalk(QDir(o.dataDir).filePath(QStringLiteral("realtalk")));
    if (!memdaily || !realtalk)
        qFatal("fusion sets: %s", qPrintable(memdaily ? realtalk.errorMessage() : memdaily.errorMessage()));
    if (o.limit > 0) {
        memdaily->resize(std::min<qsizetype>(memdaily->size(), o.limit));
        realtalk->resize(std::min<qsizetype>(realtalk->size(), o.limit));
    }
    const QList<SetResult> results{simulate(QStringLiteral("MemDaily 10×"), *memdaily, templatePath, dir),
                                   simulate(QStringLiteral("REALTALK turns"), *realtalk, templatePath, dir)};
    Json values = Json::array();
    for (const SetResult& set : results) {
        Table table(QStringLiteral("%1, fused with a simulated embedding ranking: Recall@1 / Recall@5 (%2 questions)")
                        .arg(set.title)
                        .arg(set.questions),
                    {QStringLiteral("evidence cosine separation d′"), kKeyword, kVectors, kFused, kPaper, kCalibrated,
                     QStringLiteral("weights chosen (keyword/vectors k, stores)")});
        for (qsizetype s = 0; s < kSeparations.size(); ++s) {
            QStringList row{num(kSeparations.at(s), 0)};
            for (const QString& method : {kKeyword, kVectors, kFused, kPaper, kCalibrated}) {
                const RankScore score = set.bySeparation.at(s).mean(method);
                row.append(num(score.recall1, 3) + QStringLiteral(" / ") + num(score.recall5, 3));
                values.push_back(Json{{"set", set.title.toStdString()},
                                      {"separation", kSeparations.at(s)},
                                      {"method", method.toStdString()},
                                      {"recall1", score.recall1},
                                      {"recall5", score.recall5}});
            }
            QStringList chosen;
            for (auto it = set.chosen.at(s).cbegin(); it != set.chosen.at(s).cend(); ++it)
                chosen.append(QStringLiteral("%1: %2").arg(it.key()).arg(it.value()));
            row.append(chosen.join(QStringLiteral(", ")));
            table.addRow(row);
        }
        table.addNote(QStringLiteral(
            "Simulated cosines: every item ~ N(0.30, 0.08), the evidence shifted up by d′ × 0.08, independent of the "
            "words (a real model's ranking correlates with the keyword one). The nearest 30 above 0.2 are fused with "
            "Engram's 50 best keyword candidates by RankFusion, as RetrieverVectors does: default weights 0.25 "
            "(keyword) and 1.0 (vectors), k = 10. Calibrated: the weights FusionCalibration chooses for each store "
            "from up to 32 probes of its own conversations (an item's text the query, the items 2-3 turns away the "
            "target), the probes' relevant items separated by the same d′ as a question's evidence."));
        report.add(table);
    }
    report.values()["fusion_simulation"] = values;
}

} // namespace engram::bench
