#pragma once

#include "core/Result.h"
#include "llm/LlmError.h"
#include "storage/JobQueue.h"

#include <QObject>

#include <functional>
#include <optional>

namespace engram {

class ChatBackend;
class MemoryService;
struct EmbeddingInput;

// The embedding work of JobRunner: queues "embed" jobs when items change or the embedding model
// changed, and runs one as a batch request whose vectors are stored with the job's completion.
// Nothing is queued or sent while no embedding model is set.
class EmbeddingJobs final
{
public:
    EmbeddingJobs(MemoryService& memory, ChatBackend& backend, JobQueue& queue);

    static constexpr auto kEmbed = QLatin1String("embed");
    static constexpr int kBatchSize = 32; // texts per request: well under every provider's limit

    // Queues the embedding of those of `ids` (episodes or facts) that lack a vector of the current
    // model. Returns whether a job was queued.
    Result<bool> enqueueItems(const QString& userId, const QStringList& ids);
    // For each user with vectors of another model, or items without one: a job that drops the
    // old vectors and embeds everything, batch after batch. Returns how many were queued.
    Result<int> enqueueRebuild();

    // How a run ended: `failure` set when the endpoint failed (the job should back off);
    // otherwise `effects` says whether the vectors and the completion were written.
    using Done =
        std::function<void(const Status& effects, const std::optional<LlmError>& failure, const QString& message)>;
    void run(const Job& job, QObject* context, Done done);

private:
    Result<bool> enqueue(const QString& userId, const QString& dedupeKey, bool rebuild, const QString& firstItem);
    Status storeBatch(const Job& job, const QString& model, const QList<EmbeddingInput>& batch,
                      const QList<QList<float>>& vectors, int& stored);

    MemoryService& m_memory;
    ChatBackend& m_backend;
    JobQueue& m_queue;
};

} // namespace engram
