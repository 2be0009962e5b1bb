#pragma once

#include "core/Result.h"

#include <QList>
#include <QSet>
#include <QStringList>

#include <functional>

namespace engram {

struct MemoryConfig;
struct MemoryContext;
class Retriever;

// How much the keyword and the embedding rankings count when they are fused (RankFusion).
struct FusionWeights
{
    double keyword{};
    double vector{};
    int k{};

    friend bool operator==(const FusionWeights&, const FusionWeights&) = default;
};

// One item of the user's own history asked for again: the two rankings that found things for its
// text, and the items that should have come up.
struct FusionProbe
{
    QStringList keyword; // best first, without the probe itself and the items left out
    QStringList vectors; // the same, by cosine with the probe's vector
    QSet<QString> relevant;
};

// An item of the user's history to probe with, and what its probe should find.
struct ProbeTarget
{
    QString probe;
    QSet<QString> relevant; // the turns kNearestRelevant..kFarthestRelevant away in its conversation
    QSet<QString> leftOut;  // the probe and its next turns: left out of both rankings
};

// Which weights to fuse with, chosen per user and embedding model from the user's own history.
//
// No fixed pair of weights serves every model: with a strong model a heavy keyword ranking pushes
// the model's best finds out of the top five, with a weak one any weight on the vectors pushes the
// keywords' finds out (docs/BENCHMARKS.md, "Fusion"). So each candidate pair, keyword alone and
// vectors alone among them, is tried on probes whose answer is known without asking the user: an
// exchange's user message is the query, and the exchanges two and three turns away in the same
// conversation are what it should find (the next ones are left out: the neighbouring-turn index
// holds the probe's own words). The pair that finds most of them wins; one within kMargin of an
// earlier candidate does not replace it, and the configured pair comes first.
class FusionCalibration final
{
public:
    // Fewer probes than this say too little: the configured weights stay.
    static constexpr int kMinProbes = 12;
    // The newest exchanges the probes are drawn from: enough for a few conversations of some
    // length, few enough to list in a moment at any size.
    static constexpr int kProbeWindow = 400;
    static constexpr int kMaxProbes = 32;
    // At most this many probes come from one conversation, so that one long chat does not decide.
    static constexpr int kProbesPerConversation = 4;
    // Relevant items are this many turns away from the probe, both ways.
    static constexpr int kNearestRelevant = 2;
    static constexpr int kFarthestRelevant = 3;
    // How deep the probes' rankings are counted (Recall@5, as the dev sets).
    static constexpr int kDepth = 5;
    // A later candidate replaces an earlier one only when it finds this much more (mean Recall@5;
    // about one more relevant item over 32 probes), so that a lucky probe decides less: in
    // simulation, vectors that knew nothing got a weight in 50 of 1,012 MemDaily stores with it
    // and in 116 without (then five candidates), and Recall@5 kept the words' 0.769 with it (0.768
    // without; docs/BENCHMARKS.md, "Fusion").
    static constexpr double kMargin = 0.01;

    // The pairs tried, the configured one first.
    static QList<FusionWeights> candidates(const MemoryConfig& config);
    // The candidate whose fused rankings find most of the probes' relevant items (mean Recall@5;
    // kMargin more to replace an earlier one), or candidates(config).first() when there are fewer
    // than kMinProbes probes.
    static FusionWeights choose(const QList<FusionProbe>& probes, const MemoryConfig& config);
    // The mean Recall@kDepth of `weights` over `probes`.
    static double recall(const QList<FusionProbe>& probes, const FusionWeights& weights);

    // The probes drawn from `conversations` (each a list of exchange ids, oldest first; the newest
    // conversation first): at most kMaxProbes, kProbesPerConversation a conversation, from its middle
    // outwards; only items `usable` accepts are probes.
    static QList<ProbeTarget> plan(const QList<QStringList>& conversations,
                                   const std::function<bool(const QString&)>& usable);

    // The user's probes for `model` from their newest kProbeWindow exchanges, both rankings of
    // those exchanges alone: the keyword ranking as a search by `retriever` ranks them (no
    // vectors), the vector ranking by cosine with the probe's stored vector.
    static Result<QList<FusionProbe>> probes(MemoryContext& ctx, const Retriever& retriever, const QString& userId,
                                             const QString& model);
    // The weights for a fused search of `userId` with `model`: chosen once and kept in `ctx`
    // until the user's vectors of that model grow by a quarter (or shrink).
    static Result<FusionWeights> weightsFor(MemoryContext& ctx, const Retriever& retriever, const QString& userId,
                                            const QString& model);
};

} // namespace engram
