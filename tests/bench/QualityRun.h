#pragma once

#include "Baselines.h"
#include "Datasets.h"

#include "core/Clock.h"
#include "memory/ContextBuilder.h"
#include "memory/MemoryService.h"

#include <QHash>

#include <memory>
#include <vector>

// One store of the retrieval benchmark in a fresh database of its own: every item becomes an
// episode of one user (and a row of the plain BM25 table), then each method ranks the items
// for a question. Nothing is shared between stores, so nothing leaks between questions.
namespace engram::bench {

enum class Method
{
    Engram,
    PlainBm25,
    KeywordAll,
    KeywordRecent
};
QString methodName(Method m);
const QList<Method>& allMethods();

class QualityRun final
{
public:
    // `dir` must exist; the database is created there from the empty `templatePath`.
    QualityRun(const BenchStore& store, const QString& templatePath, const QString& dir);

    Status open();
    // The keys of the best `k` items for the question, best first; `millis` gets the time taken.
    Result<QStringList> rank(Method method, const BenchQuestion& question, int k, double& millis);
    // The prompt Engram would assemble for the question with `exchanges` related exchanges (the
    // default configuration otherwise); nothing it touches is kept.
    Result<ContextResult> context(const BenchQuestion& question, int exchanges, double& millis);
    // The conversation (session) of an item key.
    QString conversationOf(const QString& key) const;
    // The key of the item an episode id stands for.
    QString keyOfEpisode(const QString& episodeId) const;

    static const QString kUser;

private:
    Status load();
    QStringList keysOfIndices(const std::vector<int>& indices) const;

    const BenchStore& m_store;
    QString m_templatePath;
    QString m_path;
    ManualClock m_clock;
    std::unique_ptr<MemoryService> m_service;
    std::unique_ptr<PlainBm25> m_plain;
    std::vector<KeywordBaseline::Candidate> m_all;
    std::vector<KeywordBaseline::Candidate> m_recent;
    QHash<QString, QString> m_conversationOf;
};

} // namespace engram::bench
