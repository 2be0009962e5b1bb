#include "memory/RankFusion.h"

#include <QHash>

#include <algorithm>

namespace engram {

QList<FusedRank> RankFusion::fuseWeighted(const QList<Ranking>& rankings)
{
    QList<FusedRank> fused;
    QHash<QString, qsizetype> at;
    for (const Ranking& ranking : rankings) {
        for (qsizetype i = 0; i < ranking.ids.size(); ++i) {
            const QString& id = ranking.ids[i];
            auto it = at.constFind(id);
            if (it == at.constEnd()) {
                it = at.insert(id, fused.size());
                fused.append(FusedRank{id, 0.0});
            }
            fused[*it].score += ranking.weight / double(ranking.k + i + 1);
        }
    }
    std::stable_sort(fused.begin(), fused.end(),
                     [](const FusedRank& a, const FusedRank& b) { return a.score > b.score; });
    return fused;
}

QList<FusedRank> RankFusion::fuse(const QList<QStringList>& rankings, int k)
{
    QList<Ranking> weighted;
    for (const QStringList& ids : rankings)
        weighted.append(Ranking{ids, 1.0, k});
    return fuseWeighted(weighted);
}

} // namespace engram
