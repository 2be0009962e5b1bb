#pragma once

#include <QList>
#include <QStringList>

namespace engram {

struct FusedRank
{
    QString id;
    double score{}; // Σ 1 / (k + rank), rank counted from 1
};

// Reciprocal-rank fusion (Cormack, Clarke & Büttcher 2009): merges rankings whose scores are not
// comparable (BM25, cosine) by rank alone. An item found by one ranking only still takes part.
class RankFusion final
{
public:
    static constexpr int kDefaultK = 60; // the paper's constant: damps the weight of the very top ranks

    // Every id of `rankings` (each best first), best fused score first; equal scores keep the
    // order in which the ids first appear (the first ranking's order wins).
    static QList<FusedRank> fuse(const QList<QStringList>& rankings, int k = kDefaultK);
};

} // namespace engram
