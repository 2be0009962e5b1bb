#pragma once

#include <QList>
#include <QStringList>

namespace engram {

struct FusedRank
{
    QString id;
    double score{}; // Σ weight / (k + rank) over the rankings that hold the id, rank counted from 1
};

// Weighted reciprocal-rank fusion (Cormack, Clarke & Büttcher 2009, with a weight and k per
// ranking): merges rankings whose scores are not comparable (BM25, cosine) by rank alone. An item
// found by one ranking only still takes part.
class RankFusion final
{
public:
    static constexpr int kDefaultK = 60; // the paper's constant: damps the weight of the very top ranks

    struct Ranking
    {
        QStringList ids; // best first
        double weight{1.0};
        int k{kDefaultK}; // smaller: the top ranks of this ranking count for more
    };

    // Every id of `rankings`, best fused score first; equal scores keep the order in which the ids
    // first appear (the first ranking's order wins). A ranking of weight 0 adds no score, but its
    // ids still take part.
    static QList<FusedRank> fuseWeighted(const QList<Ranking>& rankings);
    // Equal weights and one k: the paper's fusion.
    static QList<FusedRank> fuse(const QList<QStringList>& rankings, int k = kDefaultK);
};

} // namespace engram
