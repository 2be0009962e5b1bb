#pragma once

#include "core/Result.h"
#include "llm/ModelTasks.h"
#include "memory/EmbeddingJobs.h"
#include "memory/ForgettingPolicy.h"
#include "storage/JobQueue.h"

#include <QList>
#include <QObject>
#include <QTimer>

#include <utility>

namespace engram {

class ChatBackend;
class MemoryService;
struct AppliedFacts;

// Runs the background memory work of finished turns — model extraction, summaries of evicted
// messages, forgetting and, with an embedding model, the items' vectors (EmbeddingJobs) — one job at a time,
// asynchronously (the GUI thread never waits on it). Jobs are persisted; a job's effects and its
// completion are written in one transaction, so after a crash each job is done exactly once.
// While the endpoint is down the runner backs off exponentially.
class JobRunner final : public QObject
{
    Q_OBJECT

public:
    JobRunner(MemoryService& memory, ChatBackend& backend, QObject* parent = nullptr);

    static constexpr auto kExtract = QLatin1String("extract");
    static constexpr auto kSummarize = QLatin1String("summarize");

    // Queues the extraction of one finished turn (once per assistant message, ever).
    Status enqueueExtraction(const QString& userId, const QString& conversationId, const QString& userMessageId,
                             const QString& assistantMessageId, const QString& userText, const QString& replyText);
    // Queues the extraction of facts from a note another AI tool sent through the MCP server
    // (its remember tool), made by `client`; with needsConfirmation every fact waits for the
    // user. Returns the job's key.
    Result<QString> enqueueNote(const QString& userId, const QString& text, const QString& client,
                                bool needsConfirmation);
    // Runs the queued job with this key now, before anything else that is due; false when it is
    // not queued or another job is running. jobFinished() tells when it is done.
    bool runNow(const QString& dedupeKey);
    // Puts the job this runner is waiting on back in the queue, due now, for another process
    // (the app) to run: its caller stopped waiting.
    void giveBack();
    // Queues a summary job when the user's summary buffer holds enough evicted messages.
    Status enqueueSummaryIfDue(const QString& userId);
    // When an embedding model is set: queues the work that leaves every item with a vector of
    // it, and none of another model (after the model changed). start() calls it too.
    Status enqueueEmbeddingRebuild();

    // Requeues jobs a crash left running, then runs whatever is due, now and whenever more is.
    void start();
    // Runs every job due now once (no waiting for back-off) and emits drained() when done.
    void drainOnce();
    bool isBusy() const { return m_busy; }

    Result<QList<Job>> pending(const QString& userId = {}) const;

Q_SIGNALS:
    void jobFinished(const QString& jobId, const QString& kind, bool ok, const QString& message);
    // A job changed what the assistant remembers: e.g. "Remembered: project → 短视频".
    void factsLearned(const QString& userId, const engram::AppliedFacts& applied);
    // A forgetting pass moved `archived` episodes to the archive and purged `purged` archived ones.
    void forgotten(const QString& userId, qsizetype archived, qsizetype purged);
    void drained();

private:
    void scheduleNext();
    void runNext();
    void runJob(const Job& job);
    void runExtraction(const Job& job);
    void runSummary(const Job& job);
    void runEmbedding(const Job& job);
    void runForgetting(const Job& job);
    // One slice of `rest`, as many as `sizer` says, then the next after the events waiting
    // meanwhile (the window stays responsive through a pass of tens of thousands).
    void forgetSlice(const Job& job, ForgetReport rest, ForgetReport done, SliceSizer sizer);
    void storeSummary(const Job& job, const QStringList& messageIds, const QString& topic, const QString& text);
    void finishJob(const Job& job, const Status& effects, const QString& message);
    void retryJob(const Job& job, const LlmError& error);
    // For every user whose items got vectors since the queue was last idle: the fusion weights
    // are chosen now and kept, so that no search of theirs, in any process, has to.
    void chooseFusionWeights();

    MemoryService& m_memory;
    ModelTasks m_tasks;
    JobQueue m_queue;
    EmbeddingJobs m_embeddings;
    QTimer m_timer;
    bool m_busy{};
    QString m_runningId; // the job being run (while m_busy)
    bool m_started{};
    bool m_draining{};
    QSet<QString> m_triedThisDrain;
    QList<std::pair<QString, QString>> m_embedded; // user id and model, since the queue was last idle
};

} // namespace engram
