#include "memory/JobRunner.h"

#include "llm/ChatBackend.h"
#include "memory/FactApplier.h"
#include "memory/MemoryService.h"
#include "storage/Database.h"

#include <QLoggingCategory>
#include <QRandomGenerator>
#include <QScopeGuard>

#include <algorithm>
#include <utility>

Q_DECLARE_LOGGING_CATEGORY(lcMemory)

namespace engram {
namespace {

constexpr int kMaxUnreadable = 3; // a model that cannot produce our JSON three times: give up
constexpr qint64 kBaseBackoffMs = 5000;
constexpr qint64 kMaxBackoffMs = 10 * 60 * 1000;

qint64 backoffMs(int attempts, const LlmError& error)
{
    if (error.retryAfterMs)
        return *error.retryAfterMs;
    if (!error.isRetryable())
        return kMaxBackoffMs; // a bad key or model needs the user; try again much later
    const qint64 exp = kBaseBackoffMs << std::min(attempts - 1, 7);
    const qint64 jitter = QRandomGenerator::global()->bounded(static_cast<int>(kBaseBackoffMs));
    return std::min(exp + jitter, kMaxBackoffMs);
}

std::string str(const QString& s)
{
    return s.toStdString();
}

QString qstr(const Json& j, const char* key)
{
    return QString::fromStdString(j.value(key, std::string()));
}

} // namespace

JobRunner::JobRunner(MemoryService& memory, ChatBackend& backend, QObject* parent)
    : QObject(parent)
    , m_memory(memory)
    , m_tasks(backend)
    , m_queue(memory.database())
    , m_embeddings(memory, backend, m_queue)
{
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, &JobRunner::runNext);
    // Every new or edited episode and fact, however it came (a turn, extraction, a summary, the
    // user's own edit), gets its vector from a job: the change itself never waits on the endpoint.
    connect(&memory, &MemoryService::itemsChanged, this,
            [this](const QString& userId, Tier tier, const QStringList& ids) {
                if (tier != Tier::Episodic && tier != Tier::Semantic)
                    return;
                auto queued = m_embeddings.enqueueItems(userId, ids);
                if (!queued)
                    qCWarning(lcMemory) << "cannot queue embeddings:" << queued.errorMessage();
                else if (*queued)
                    scheduleNext();
            });
    connect(&memory, &MemoryService::jobQueued, this, &JobRunner::scheduleNext);
}

Status JobRunner::enqueueExtraction(const QString& userId, const QString& conversationId, const QString& userMessageId,
                                    const QString& assistantMessageId, const QString& userText,
                                    const QString& replyText)
{
    Json payload = Json::object();
    payload["conversation_id"] = str(conversationId);
    payload["user_message_id"] = str(userMessageId);
    payload["assistant_message_id"] = str(assistantMessageId);
    payload["user_text"] = str(userText);
    payload["reply_text"] = str(replyText);
    auto queued = m_queue.enqueue(userId, kExtract, QStringLiteral("extract:") + assistantMessageId, payload,
                                  m_memory.clock().now());
    if (!queued)
        return queued.error();
    scheduleNext();
    return {};
}

Result<QString> JobRunner::enqueueNote(const QString& userId, const QString& text, const QString& client,
                                       bool needsConfirmation)
{
    Json payload = Json::object();
    payload["user_text"] = str(text);
    payload["reply_text"] = std::string();
    payload["client"] = str(client);
    payload["needs_confirmation"] = needsConfirmation;
    const QString key = QStringLiteral("note:") + newId();
    auto queued = m_queue.enqueue(userId, kExtract, key, payload, m_memory.clock().now());
    if (!queued)
        return queued.error();
    scheduleNext();
    return key;
}

bool JobRunner::runNow(const QString& dedupeKey)
{
    if (m_busy)
        return false;
    auto claimed = m_queue.claimKey(dedupeKey, m_memory.clock().now());
    if (!claimed || !*claimed)
        return false;
    m_busy = true;
    runJob(**claimed);
    return true;
}

void JobRunner::giveBack()
{
    if (!m_busy || m_runningId.isEmpty())
        return;
    const QDateTime now = m_memory.clock().now();
    if (auto st = m_queue.retryAt(m_runningId, QStringLiteral("left for later"), now, now); !st)
        qCWarning(lcMemory) << "cannot requeue job" << m_runningId << st.errorMessage();
}

Status JobRunner::enqueueSummaryIfDue(const QString& userId)
{
    auto buffer = m_memory.summaryBuffer(userId);
    if (!buffer)
        return buffer.error();
    if (buffer->size() < m_memory.config().summaryBufferThreshold)
        return {};
    Json ids = Json::array();
    for (const Message& m : *buffer)
        ids.push_back(str(m.id));
    Json payload = Json::object();
    payload["message_ids"] = ids;
    // Keyed by the first buffered message: the same evicted messages are summarised once.
    auto queued = m_queue.enqueue(userId, kSummarize, QStringLiteral("summarize:") + buffer->first().id, payload,
                                  m_memory.clock().now());
    if (!queued)
        return queued.error();
    scheduleNext();
    return {};
}

Status JobRunner::enqueueEmbeddingRebuild()
{
    auto queued = m_embeddings.enqueueRebuild();
    if (!queued)
        return queued.error();
    if (*queued > 0)
        scheduleNext();
    return {};
}

Result<QList<Job>> JobRunner::pending(const QString& userId) const
{
    return m_queue.pending(userId);
}

void JobRunner::start()
{
    m_started = true;
    if (auto n = m_queue.recoverInterrupted(m_memory.clock().now()); n && *n > 0)
        qCInfo(lcMemory) << "requeued" << *n << "jobs interrupted by the last exit";
    if (auto st = enqueueEmbeddingRebuild(); !st)
        qCWarning(lcMemory) << "cannot queue the embedding rebuild:" << st.errorMessage();
    scheduleNext();
}

void JobRunner::drainOnce()
{
    m_draining = true;
    m_triedThisDrain.clear();
    if (!m_started) {
        if (auto n = m_queue.recoverInterrupted(m_memory.clock().now()); !n)
            qCWarning(lcMemory) << "cannot requeue interrupted jobs:" << n.errorMessage();
    }
    if (!m_busy)
        runNext();
}

void JobRunner::scheduleNext()
{
    if (m_busy || (!m_started && !m_draining))
        return;
    auto due = m_queue.nextDue();
    const bool queued = due && *due;
    const qint64 wait = queued ? std::max<qint64>(0, m_memory.clock().now().msecsTo(**due)) : 0;
    if (!queued || wait > 0)
        chooseFusionWeights(); // nothing due now
    if (queued)
        m_timer.start(static_cast<int>(std::min<qint64>(wait, kMaxBackoffMs)));
}

void JobRunner::runNext()
{
    if (m_busy)
        return;
    if (m_draining) {
        // Every queued job once, due or waiting on back-off, in order.
        auto jobs = m_queue.pending();
        if (jobs) {
            for (const Job& job : *jobs) {
                if (job.status != Job::Status::Queued || m_triedThisDrain.contains(job.id))
                    continue;
                m_triedThisDrain.insert(job.id);
                auto claimed = m_queue.claim(job.id, m_memory.clock().now());
                if (claimed && *claimed) {
                    m_busy = true;
                    runJob(**claimed);
                    return;
                }
            }
        }
        m_draining = false;
        chooseFusionWeights();
        Q_EMIT drained();
        scheduleNext();
        return;
    }
    auto job = m_queue.claimNext(m_memory.clock().now());
    if (!job) {
        qCWarning(lcMemory) << "cannot read the job queue:" << job.errorMessage();
        return;
    }
    if (!*job) {
        scheduleNext();
        return;
    }
    m_busy = true;
    runJob(**job);
}

void JobRunner::runJob(const Job& job)
{
    m_runningId = job.id;
    if (job.kind == kExtract)
        runExtraction(job);
    else if (job.kind == kSummarize)
        runSummary(job);
    else if (job.kind == EmbeddingJobs::kEmbed)
        runEmbedding(job);
    else if (job.kind == ForgettingPolicy::kJobKind)
        runForgetting(job);
    else
        finishJob(job, Error::invalid(QStringLiteral("unknown job kind %1").arg(job.kind)), {});
}

void JobRunner::runExtraction(const Job& job)
{
    const QString userText = qstr(job.payload, "user_text");
    const QString reply = qstr(job.payload, "reply_text");
    auto known = m_memory.activeFacts(job.userId);
    const PromptLanguage language = Prompts::languageOf(userText);
    m_tasks.extract(language, known ? *known : QList<Fact>(), userText, reply, this,
                    [this, job](const LlmResult<ParsedOperations>& result) {
                        if (!result) {
                            retryJob(job, result.error());
                            return;
                        }
                        FactApplier::Provenance provenance;
                        provenance.source = FactSource::LlmExtract;
                        provenance.conversationId = qstr(job.payload, "conversation_id");
                        provenance.messageId = qstr(job.payload, "user_message_id");
                        provenance.client = qstr(job.payload, "client");
                        provenance.needsConfirmation = job.payload.value("needs_confirmation", false);
                        // The changes are the tool's (a note it sent), whichever process runs the job.
                        const QString writer = m_memory.writingClient();
                        m_memory.setWritingClient(provenance.client.isEmpty() ? writer : provenance.client);
                        const auto restoreWriter = qScopeGuard([this, writer] { m_memory.setWritingClient(writer); });
                        Transaction tx(m_memory.database());
                        Status st = tx.begin();
                        Result<AppliedFacts> applied = AppliedFacts{};
                        if (st) {
                            applied = FactApplier::apply(m_memory, job.userId, result->operations, provenance);
                            st = applied ? m_queue.complete(job.id, m_memory.clock().now()) : Status(applied.error());
                        }
                        if (st)
                            st = tx.commit();
                        if (st && applied && (!applied->changes.isEmpty() || !applied->forgotten.isEmpty()))
                            Q_EMIT factsLearned(job.userId, *applied);
                        finishJob(job, st, QStringLiteral("%1 facts").arg(applied ? applied->changes.size() : 0));
                    });
}

void JobRunner::runSummary(const Job& job)
{
    QStringList ids;
    const auto it = job.payload.find("message_ids");
    if (it != job.payload.end() && it->is_array()) {
        for (const Json& id : *it) {
            if (id.is_string())
                ids.append(QString::fromStdString(id.get<std::string>()));
        }
    }
    auto buffer = m_memory.summaryBuffer(job.userId);
    QList<Message> messages;
    if (buffer) {
        for (const Message& m : *buffer) {
            if (ids.contains(m.id))
                messages.append(m);
        }
    }
    if (messages.isEmpty()) {
        // Already summarised, or the conversation was deleted: nothing left to do.
        finishJob(job, m_queue.complete(job.id, m_memory.clock().now()), QStringLiteral("nothing to summarise"));
        return;
    }
    QStringList texts;
    for (const Message& m : std::as_const(messages))
        texts.append(m.textForModel());
    const PromptLanguage language = Prompts::languageOf(texts);
    m_tasks.summarize(language, messages, {}, this, [this, job, ids, language](const LlmResult<SummaryReply>& result) {
        if (!result) {
            retryJob(job, result.error());
            return;
        }
        const QString topic = SummaryParser::normalisedTopic(result->topic);
        auto existing = m_memory.existingSummary(job.userId, topic);
        if (!existing || !*existing) {
            storeSummary(job, ids, topic, result->summary);
            return;
        }
        m_tasks.merge(language, topic, (*existing)->content, result->summary, this,
                      [this, job, ids, topic](const LlmResult<QString>& merged) {
                          if (!merged) {
                              retryJob(job, merged.error());
                              return;
                          }
                          storeSummary(job, ids, topic, *merged);
                      });
    });
}

void JobRunner::runEmbedding(const Job& job)
{
    m_embeddings.run(
        job, this, [this, job](const Status& effects, const std::optional<LlmError>& failure, const QString& message) {
            if (failure) {
                retryJob(job, *failure);
                return;
            }
            const std::pair<QString, QString> embedded{job.userId, qstr(job.payload, "model")};
            if (effects && !embedded.second.isEmpty() && !m_embedded.contains(embedded))
                m_embedded.append(embedded);
            finishJob(job, effects, message);
        });
}

void JobRunner::runForgetting(const Job& job)
{
    auto plan = m_memory.planForgetting(job.userId);
    if (!plan) {
        finishJob(job, plan.error(), {});
        return;
    }
    const MemoryConfig& config = m_memory.config();
    forgetSlice(job, std::move(plan).value(), {}, SliceSizer(config.forgetBatch, config.forgetSliceMs));
}

void JobRunner::forgetSlice(const Job& job, ForgetReport rest, ForgetReport done, SliceSizer sizer)
{
    // Each slice commits by itself: a pass cut short (the app quits) is planned again at the
    // next start, from what is left.
    const ForgetReport slice = rest.takeFirst(sizer.next());
    const QDateTime started = m_memory.clock().now();
    auto applied = m_memory.applyForgetting(job.userId, slice);
    if (!applied) {
        finishJob(job, applied.error(), {});
        return;
    }
    const qint64 tookMs = started.msecsTo(m_memory.clock().now());
    qCDebug(lcMemory) << "forgetting slice:" << slice.size() << "item(s) in" << tookMs << "ms";
    sizer.took(slice.size(), tookMs);
    done.append(*applied);
    if (!rest.isEmpty()) {
        QTimer::singleShot(0, this, [this, job, rest = std::move(rest), done = std::move(done), sizer]() mutable {
            forgetSlice(job, std::move(rest), std::move(done), sizer);
        });
        return;
    }
    const Status completed = m_queue.complete(job.id, m_memory.clock().now());
    finishJob(job, completed,
              QStringLiteral("%1 archived, %2 purged").arg(done.archived.size()).arg(done.purged.size()));
    if (completed && !done.isEmpty())
        Q_EMIT forgotten(job.userId, done.archived.size(), done.purged.size());
}

void JobRunner::chooseFusionWeights()
{
    for (const auto& [userId, model] : std::exchange(m_embedded, {})) {
        if (auto st = m_memory.chooseFusionWeights(userId, model); !st)
            qCWarning(lcMemory) << "cannot choose the fusion weights:" << st.errorMessage();
    }
}

void JobRunner::storeSummary(const Job& job, const QStringList& messageIds, const QString& topic, const QString& text)
{
    Transaction tx(m_memory.database());
    Status st = tx.begin();
    if (st) {
        Json metadata = Json::object();
        Json sources = Json::array();
        for (const QString& id : messageIds)
            sources.push_back(str(id));
        metadata["source_message_ids"] = sources;
        auto stored = m_memory.upsertSummary(job.userId, topic, text, {}, metadata);
        st = stored ? m_memory.markSummarized(job.userId, messageIds) : Status(stored.error());
    }
    if (st)
        st = m_queue.complete(job.id, m_memory.clock().now());
    if (st)
        st = tx.commit();
    finishJob(job, st, QStringLiteral("summary on %1").arg(topic));
}

void JobRunner::retryJob(const Job& job, const LlmError& error)
{
    Status st;
    if (error.kind == LlmError::Kind::UnreadableReply && job.attempts >= kMaxUnreadable) {
        qCWarning(lcMemory) << "giving up on job" << job.id << "after unreadable model replies";
        st = m_queue.fail(job.id, error.text(), m_memory.clock().now());
    } else {
        const QDateTime when = m_memory.clock().now().addMSecs(backoffMs(job.attempts, error));
        st = m_queue.retryAt(job.id, error.text(), when, m_memory.clock().now());
    }
    if (!st)
        qCWarning(lcMemory) << "cannot requeue job" << job.id << st.errorMessage();
    m_busy = false;
    Q_EMIT jobFinished(job.id, job.kind, false, error.text());
    if (m_draining)
        runNext();
    else
        scheduleNext();
}

void JobRunner::finishJob(const Job& job, const Status& effects, const QString& message)
{
    if (!effects) {
        qCWarning(lcMemory) << "job" << job.id << "failed:" << effects.errorMessage();
        // The transaction rolled back; the job is still "running": put it back for a later try.
        (void)m_queue.retryAt(job.id, effects.errorMessage(), m_memory.clock().now().addMSecs(kBaseBackoffMs),
                              m_memory.clock().now());
    }
    m_busy = false;
    Q_EMIT jobFinished(job.id, job.kind, effects.ok(), effects ? message : effects.errorMessage());
    if (m_draining)
        runNext();
    else
        scheduleNext();
}

} // namespace engram
