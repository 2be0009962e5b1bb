#include "memory/EmbeddingJobs.h"

#include "llm/ChatBackend.h"
#include "memory/MemoryService.h"
#include "storage/Database.h"
#include "storage/EmbeddingStore.h"

#include <QHash>
#include <QLoggingCategory>

Q_DECLARE_LOGGING_CATEGORY(lcMemory)

namespace engram {
namespace {

QString payloadText(const Json& payload, const char* key)
{
    return QString::fromStdString(payload.value(key, std::string()));
}

} // namespace

EmbeddingJobs::EmbeddingJobs(MemoryService& memory, ChatBackend& backend, JobQueue& queue)
    : m_memory(memory)
    , m_backend(backend)
    , m_queue(queue)
{}

Result<bool> EmbeddingJobs::enqueue(const QString& userId, const QString& dedupeKey, bool rebuild,
                                    const QString& firstItem)
{
    Json payload = Json::object();
    payload["model"] = m_backend.embeddingModel().toStdString();
    payload["rebuild"] = rebuild;
    if (!firstItem.isEmpty())
        payload["item_id"] = firstItem.toStdString();
    return m_queue.enqueue(userId, kEmbed, dedupeKey, payload, m_memory.clock().now());
}

Result<bool> EmbeddingJobs::enqueueItems(const QString& userId, const QStringList& ids)
{
    if (!m_backend.canEmbed() || ids.isEmpty())
        return false;
    const QString model = m_backend.embeddingModel();
    auto missing = m_memory.embeddings().missing(userId, model, ids);
    if (!missing)
        return missing.error();
    if (missing->isEmpty())
        return false;
    // Only items without a vector get here, so a fresh key per change is enough: an edit drops the
    // item's vector and must queue again, and a second job for the same item finds nothing to do.
    const QString key = QStringLiteral("embed:%1:%2:%3").arg(model, missing->first().itemId, newId());
    return enqueue(userId, key, false, missing->first().itemId);
}

Result<int> EmbeddingJobs::enqueueRebuild()
{
    if (!m_backend.canEmbed())
        return 0;
    const QString model = m_backend.embeddingModel();
    auto users = m_memory.users();
    if (!users)
        return users.error();
    auto pending = m_queue.pending();
    if (!pending)
        return pending.error();
    QSet<QString> queued; // users with a rebuild for this model still to run
    for (const Job& job : std::as_const(*pending)) {
        if (job.kind == kEmbed && job.payload.value("rebuild", false) && payloadText(job.payload, "model") == model)
            queued.insert(job.userId);
    }
    EmbeddingStore& store = m_memory.embeddings();
    int count = 0;
    for (const User& user : std::as_const(*users)) {
        if (queued.contains(user.id))
            continue;
        auto others = store.countOtherModels(user.id, model);
        if (!others)
            return others.error();
        auto without = store.itemsWithoutVector(user.id, model, 1);
        if (!without)
            return without.error();
        if (*others == 0 && without->isEmpty())
            continue;
        auto added = enqueue(user.id, QStringLiteral("embed-rebuild:%1:%2:%3").arg(model, user.id, newId()), true, {});
        if (!added)
            return added.error();
        count += *added ? 1 : 0;
    }
    return count;
}

void EmbeddingJobs::run(const Job& job, QObject* context, Done done)
{
    const QString model = payloadText(job.payload, "model");
    if (!m_backend.canEmbed() || model != m_backend.embeddingModel()) {
        // Queued for a model no longer chosen: the rebuild for the new one does the work.
        done(m_queue.complete(job.id, m_memory.clock().now()), std::nullopt, QStringLiteral("the model changed"));
        return;
    }
    EmbeddingStore& store = m_memory.embeddings();
    if (job.payload.value("rebuild", false)) {
        if (auto removed = store.removeOtherModels(job.userId, model); !removed) {
            done(removed.error(), std::nullopt, {});
            return;
        }
    }
    auto batch = store.itemsWithoutVector(job.userId, model, kBatchSize, payloadText(job.payload, "item_id"));
    if (!batch) {
        done(batch.error(), std::nullopt, {});
        return;
    }
    if (batch->isEmpty()) {
        done(m_queue.complete(job.id, m_memory.clock().now()), std::nullopt, QStringLiteral("nothing to embed"));
        return;
    }
    QStringList texts;
    for (const EmbeddingInput& input : std::as_const(*batch))
        texts.append(input.text);
    whenDone(m_backend.embed(texts, model), context,
             [this, job, model, inputs = *batch, done](const LlmResult<EmbeddingResult>& result) {
                 if (!result) {
                     done({}, result.error(), {});
                     return;
                 }
                 if (result->vectors.size() != inputs.size()) {
                     LlmError error;
                     error.kind = LlmError::Kind::UnreadableReply;
                     error.message = QStringLiteral("The server sent %1 embeddings for %2 texts")
                                         .arg(result->vectors.size())
                                         .arg(inputs.size());
                     done({}, error, {});
                     return;
                 }
                 int stored = 0;
                 const Status st = storeBatch(job, model, inputs, result->vectors, stored);
                 done(st, std::nullopt, QStringLiteral("%1 vectors").arg(stored));
             });
}

Status EmbeddingJobs::storeBatch(const Job& job, const QString& model, const QList<EmbeddingInput>& batch,
                                 const QList<QList<float>>& vectors, int& stored)
{
    EmbeddingStore& embeddings = m_memory.embeddings();
    QStringList ids;
    for (const EmbeddingInput& input : batch)
        ids.append(input.itemId);
    Transaction tx(m_memory.database());
    if (auto st = tx.begin(); !st)
        return st;
    // An item deleted or edited while the request was out gets no vector of text that is gone.
    auto current = embeddings.missing(job.userId, model, ids);
    if (!current)
        return current.error();
    QHash<QString, QString> textNow;
    for (const EmbeddingInput& input : std::as_const(*current))
        textNow.insert(input.itemId, input.text);
    for (qsizetype i = 0; i < batch.size(); ++i) {
        const auto it = textNow.constFind(batch[i].itemId);
        if (it == textNow.constEnd() || *it != batch[i].text)
            continue;
        if (auto st = embeddings.put(job.userId, batch[i].itemId, batch[i].itemType, model, vectors[i]); !st)
            return st;
        ++stored;
    }
    if (auto st = m_queue.complete(job.id, m_memory.clock().now()); !st)
        return st;
    if (job.payload.value("rebuild", false) && stored > 0) {
        // One batch per job, so extraction and summaries are not kept waiting behind a large rebuild.
        auto more = embeddings.itemsWithoutVector(job.userId, model, 1);
        if (!more)
            return more.error();
        if (!more->isEmpty()) {
            auto next =
                enqueue(job.userId, QStringLiteral("embed-rebuild:%1:%2:%3").arg(model, job.userId, newId()), true, {});
            if (!next)
                return next.error();
        }
    }
    return tx.commit();
}

} // namespace engram
