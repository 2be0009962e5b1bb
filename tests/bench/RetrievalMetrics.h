#pragma once

#include <QMap>
#include <QSet>
#include <QString>
#include <QStringList>

// Ranking metrics of the retrieval benchmark, averaged per method and per question group.
namespace engram::bench {

struct RankScore
{
    double recall1{};
    double recall5{};
    double recall10{};
    double hit5{};
    double ndcg10{};
};

// Scores one ranking (item keys, best first) against the set of relevant keys. Recall@k is the
// share of relevant keys in the top k; NDCG@10 uses binary relevance.
RankScore scoreRanking(const QStringList& ranked, const QSet<QString>& relevant);

// The keys in first-seen order without repeats (turns collapsed to their sessions).
QStringList distinct(const QStringList& keys);

// Sums scores per method and group; every score also counts towards the group "all".
class MetricSums final
{
public:
    void add(const QString& method, const QString& group, const RankScore& score);
    RankScore mean(const QString& method, const QString& group = QStringLiteral("all")) const;
    int count(const QString& method, const QString& group = QStringLiteral("all")) const;

private:
    struct Sum
    {
        RankScore total;
        int n{};
    };
    QMap<QString, QMap<QString, Sum>> m_sums;
};

} // namespace engram::bench
