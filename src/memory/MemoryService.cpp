#include "memory/MemoryService.h"

#include "memory/EpisodicMemory.h"
#include "memory/ItemJson.h"
#include "memory/MemoryContext.h"
#include "memory/WorkingMemory.h"
#include "storage/Database.h"

#include <QLoggingCategory>

#include <utility>

Q_LOGGING_CATEGORY(lcMemory, "engram.memory")

namespace engram {

MemoryService::MemoryService(std::unique_ptr<Database> db, MemoryConfig config, Clock& clock, QObject* parent)
    : QObject(parent)
    , m_db(std::move(db))
    , m_ctx(std::make_unique<MemoryContext>(*m_db, clock, config))
    , m_working(std::make_unique<WorkingMemory>(*m_ctx))
    , m_episodic(std::make_unique<EpisodicMemory>(*m_ctx))
    , m_semantic(std::make_unique<SemanticMemory>(*m_ctx))
    , m_retriever(std::make_unique<Retriever>(*m_ctx))
    , m_forgetting(std::make_unique<ForgettingPolicy>(*m_ctx))
    , m_contextBuilder(std::make_unique<ContextBuilder>(*m_ctx, *m_retriever))
{
    // A read-only memory is only read; its trash waits for the next writer.
    if (m_db->readOnly())
        return;
    if (auto st = purgeTrash(); !st)
        qCWarning(lcMemory) << "cannot purge the undo trash:" << st.errorMessage();
}

MemoryService::~MemoryService() = default;

Result<std::unique_ptr<MemoryService>> MemoryService::open(const QString& path, MemoryConfig config, Clock& clock,
                                                           Database::Access access)
{
    auto db = Database::open(path, access);
    if (!db)
        return db.error();
    return std::make_unique<MemoryService>(std::move(db).value(), config, clock);
}

Result<std::unique_ptr<MemoryService>> MemoryService::open(const MemoryLocation& location, MemoryConfig config,
                                                           Clock& clock, Database::Access access)
{
    if (location.isFile())
        return open(location.filePath(), config, clock, access);
    auto db = Database::open(location, access);
    if (!db)
        return db.error();
    return std::make_unique<MemoryService>(std::move(db).value(), config, clock);
}

Database& MemoryService::database()
{
    return *m_db;
}

const MemoryConfig& MemoryService::config() const
{
    return m_ctx->config;
}

void MemoryService::setConfig(const MemoryConfig& config)
{
    const MemoryConfig was = std::exchange(m_ctx->config, config);
    const bool ageLimitStricter = config.maxAgeDays > 0 && (was.maxAgeDays <= 0 || config.maxAgeDays < was.maxAgeDays);
    if (config.episodeCapacity >= was.episodeCapacity && !ageLimitStricter)
        return;
    // What the user just chose takes effect now, not after the next fifty writes.
    auto all = users();
    if (!all) {
        qCWarning(lcMemory) << "cannot queue forgetting:" << all.errorMessage();
        return;
    }
    QStringList ids;
    for (const User& user : std::as_const(*all))
        ids.append(user.id);
    queueForgetting(ids);
}

void MemoryService::queueForgetting(const QStringList& userIds)
{
    bool queuedAny = false;
    for (const QString& id : userIds) {
        auto queued = m_forgetting->queue(id);
        if (!queued)
            qCWarning(lcMemory) << "cannot queue forgetting:" << queued.errorMessage();
        else
            queuedAny = queuedAny || *queued;
    }
    if (queuedAny)
        Q_EMIT jobQueued();
}

Clock& MemoryService::clock() const
{
    return m_ctx->clock;
}

EmbeddingStore& MemoryService::embeddings()
{
    return m_ctx->embeddings;
}

const Retriever& MemoryService::retriever() const
{
    return *m_retriever;
}

Status MemoryService::chooseFusionWeights(const QString& userId, const QString& model)
{
    auto rows = m_ctx->vectors.rowsFor(userId, model);
    if (!rows)
        return rows.error();
    if ((*rows)->isEmpty())
        return {};
    if (auto weights = FusionCalibration::weightsFor(*m_ctx, *m_retriever, userId, model); !weights)
        return weights.error();
    return {};
}

// ---- privacy

const Redactor& MemoryService::redactorFor(const QString& userId) const
{
    auto it = m_redactors.find(userId);
    if (it != m_redactors.end())
        return *it;
    Redactor r;
    if (auto phrases = neverRemember(userId))
        r.setNeverRemember(*phrases);
    return *m_redactors.insert(userId, r);
}

QString MemoryService::redact(const QString& userId, const QString& text) const
{
    return redactorFor(userId).redact(text).text;
}

FactInput MemoryService::redacted(const QString& userId, FactInput input) const
{
    input.subject = redact(userId, input.subject);
    input.predicate = redact(userId, input.predicate);
    input.object = redact(userId, input.object);
    return input;
}

Result<QStringList> MemoryService::neverRemember(const QString& userId) const
{
    auto settings = m_ctx->users.settings(userId);
    if (!settings)
        return settings.error();
    QStringList phrases;
    const auto it = settings->find("never_remember");
    if (it != settings->end() && it->is_array()) {
        for (const Json& p : *it) {
            if (p.is_string())
                phrases.append(QString::fromStdString(p.get<std::string>()));
        }
    }
    return phrases;
}

Status MemoryService::setNeverRemember(const QString& userId, const QStringList& phrases)
{
    Json list = Json::array();
    for (const QString& p : phrases) {
        if (!p.trimmed().isEmpty())
            list.push_back(p.trimmed().toStdString());
    }
    if (auto st = m_ctx->users.updateSettings(userId, [&](Json& settings) { settings["never_remember"] = list; }); !st)
        return st;
    m_redactors.remove(userId);
    return {};
}

// ---- users and conversations

Result<User> MemoryService::ensureUser(const QString& userId, const QString& displayName)
{
    auto before = m_ctx->users.find(userId);
    auto user = m_ctx->users.ensure(userId, displayName, m_ctx->clock.now());
    if (user && !before) {
        if (auto st = m_ctx->record(userId, userId, QStringLiteral("user"), QStringLiteral("create"), Actor::System,
                                    nullptr, itemjson::toJson(*user));
            !st)
            return st.error();
        Q_EMIT usersChanged();
    }
    return user;
}

Result<QList<User>> MemoryService::users() const
{
    return m_ctx->users.list();
}

Status MemoryService::renameUser(const QString& userId, const QString& displayName)
{
    auto st = m_ctx->users.rename(userId, displayName);
    if (st)
        Q_EMIT usersChanged();
    return st;
}

Status MemoryService::deleteUser(const QString& userId)
{
    auto st = m_ctx->users.remove(userId);
    if (!st)
        return st;
    if (auto cp = m_db->checkpoint(); !cp)
        qCWarning(lcMemory) << "checkpoint after deleting a user failed:" << cp.errorMessage();
    Q_EMIT usersChanged();
    Q_EMIT memoryReset(userId);
    return {};
}

Result<Conversation> MemoryService::createConversation(const QString& userId, const QString& title, bool incognito)
{
    if (auto user = m_ctx->users.find(userId); !user)
        return user.error();
    Conversation c;
    c.id = newId();
    c.userId = userId;
    c.title = title;
    c.incognito = incognito;
    c.createdAt = c.updatedAt = m_ctx->clock.now();
    if (incognito)
        return c; // nothing of an incognito conversation is written, not even that it exists
    auto created = m_ctx->users.createConversation(c);
    if (created)
        Q_EMIT conversationsChanged(userId);
    return created;
}

Result<QList<Conversation>> MemoryService::conversations(const QString& userId) const
{
    return m_ctx->users.conversations(userId);
}

Result<Conversation> MemoryService::conversation(const QString& userId, const QString& conversationId) const
{
    return m_ctx->users.conversation(userId, conversationId);
}

Status MemoryService::renameConversation(const QString& userId, const QString& conversationId, const QString& title)
{
    auto st = m_ctx->users.renameConversation(userId, conversationId, title);
    if (st)
        Q_EMIT conversationsChanged(userId);
    return st;
}

Status MemoryService::deleteConversation(const QString& userId, const QString& conversationId)
{
    auto window = m_working->window(userId, conversationId);
    auto st = m_ctx->users.removeConversation(userId, conversationId);
    if (!st)
        return st;
    Q_EMIT conversationsChanged(userId);
    if (window && !window->isEmpty()) {
        QStringList ids;
        for (const Message& m : *window)
            ids.append(m.id);
        announceRemoved(userId, Tier::Working, ids);
    }
    return {};
}

Result<QList<Message>> MemoryService::transcript(const QString& userId, const QString& conversationId) const
{
    return m_ctx->messages.conversation(userId, conversationId);
}

// ---- working memory

Result<AppendedMessage> MemoryService::appendInTransaction(const QString& userId, const QString& conversationId,
                                                           Role role, const QString& text, MessageStatus status,
                                                           Json metadata)
{
    auto conversation = m_ctx->users.conversation(userId, conversationId);
    if (!conversation)
        return conversation.error();
    if (conversation->incognito)
        return Error{Error::Code::Conflict, QStringLiteral("An incognito conversation stores nothing")};
    Message m;
    m.userId = userId;
    m.conversationId = conversationId;
    m.role = role;
    m.content = redact(userId, text);
    m.status = status;
    m.metadata = std::move(metadata);
    auto appended = m_working->append(m);
    if (!appended)
        return appended.error();
    if (auto st = m_ctx->users.touchConversation(userId, conversationId, appended->message.createdAt); !st)
        return st.error();
    return appended;
}

void MemoryService::announceAppended(const QString& userId, const AppendedMessage& appended)
{
    announceChanged(userId, Tier::Working, {appended.message.id});
    if (!appended.evicted.isEmpty())
        announceRemoved(userId, Tier::Working, appended.evicted);
}

Result<Message> MemoryService::appendMessage(const QString& userId, const QString& conversationId, Role role,
                                             const QString& text, MessageStatus status, Json metadata)
{
    Transaction tx(*m_db);
    if (auto st = tx.begin(); !st)
        return st.error();
    auto appended = appendInTransaction(userId, conversationId, role, text, status, std::move(metadata));
    if (!appended)
        return appended.error();
    if (auto st = tx.commit(); !st)
        return st.error();
    announceAppended(userId, *appended);
    return appended->message;
}

Result<StoredReply> MemoryService::appendReply(const QString& userId, const QString& conversationId,
                                               const QString& question, const QString& text, MessageStatus status,
                                               Json metadata, Json exchangeMetadata)
{
    Transaction tx(*m_db);
    if (auto st = tx.begin(); !st)
        return st.error();
    auto appended = appendInTransaction(userId, conversationId, Role::Assistant, text, status, std::move(metadata));
    if (!appended)
        return appended.error();
    StoredReply out{appended->message, std::nullopt};
    std::optional<EpisodicMemory::Recorded> recorded;
    if (m_ctx->config.enabled && !text.isEmpty() && !question.trimmed().isEmpty()) {
        exchangeMetadata["assistant_message_id"] = out.message.id.toStdString();
        auto r = m_episodic->recordExchange(userId, conversationId, redact(userId, question), out.message.content,
                                            std::move(exchangeMetadata));
        if (!r)
            return r.error();
        recorded = std::move(r).value();
        out.exchange = recorded->episode;
    }
    if (auto st = tx.commit(); !st)
        return st.error();
    // The turn's writes are done and nobody waits: the moment to fold the WAL into the file.
    if (auto st = m_ctx->db.checkpointIfDue(); !st)
        qCWarning(lcMemory) << "cannot checkpoint the database:" << st.errorMessage();
    announceAppended(userId, *appended);
    if (recorded) {
        announceChanged(userId, Tier::Episodic, {recorded->episode.id});
        if (!recorded->duplicate)
            countWrite(userId);
    }
    return out;
}

Result<QList<Message>> MemoryService::window(const QString& userId, const QString& conversationId) const
{
    return m_working->window(userId, conversationId);
}

Result<QList<Message>> MemoryService::summaryBuffer(const QString& userId) const
{
    return m_working->summaryBuffer(userId);
}

Status MemoryService::markSummarized(const QString& userId, const QStringList& messageIds)
{
    return m_working->markSummarized(userId, messageIds);
}

// ---- episodic memory

void MemoryService::countWrite(const QString& userId)
{
    auto known = m_writesSinceForget.find(userId);
    if (known == m_writesSinceForget.end()) {
        // The first write of this process: go on from the last pass, so that a user whose app runs
        // for fewer than forgetEveryWrites turns at a time (or who writes through engram-cli, one
        // process a turn) is forgotten all the same. The count includes this write.
        auto written = m_forgetting->writtenSinceLastPass(userId);
        if (!written)
            qCWarning(lcMemory) << "cannot count the writes since forgetting:" << written.errorMessage();
        known = m_writesSinceForget.insert(userId, written ? *written : 1);
    } else {
        ++*known;
    }
    int& writes = *known;
    if (writes < m_ctx->config.forgetEveryWrites)
        return;
    writes = 0;
    // A pass can be long (after an import, tens of thousands of episodes): the write that reaches
    // the count never waits on it.
    queueForgetting({userId});
}

Result<Episode> MemoryService::recordExchange(const QString& userId, const QString& conversationId,
                                              const QString& question, const QString& reply, Json metadata)
{
    // The episode and its audit event together.
    Transaction tx(*m_db);
    if (auto st = tx.begin(); !st)
        return st.error();
    auto recorded = m_episodic->recordExchange(userId, conversationId, redact(userId, question), redact(userId, reply),
                                               std::move(metadata));
    if (!recorded)
        return recorded.error();
    if (auto st = tx.commit(); !st)
        return st.error();
    announceChanged(userId, Tier::Episodic, {recorded->episode.id});
    if (!recorded->duplicate)
        countWrite(userId);
    return recorded->episode;
}

Result<std::optional<Episode>> MemoryService::existingSummary(const QString& userId, const QString& topicKey) const
{
    return m_ctx->episodes.activeSummaryForTopic(userId, EpisodicMemory::normalizeTopic(topicKey));
}

Result<Episode> MemoryService::upsertSummary(const QString& userId, const QString& topicKey, const QString& text,
                                             const QString& conversationId, Json metadata)
{
    auto result = m_episodic->upsertSummary(userId, redact(userId, topicKey), redact(userId, text), conversationId,
                                            std::move(metadata));
    if (!result)
        return result.error();
    announceChanged(userId, Tier::Episodic, {result->episode.id});
    countWrite(userId);
    return result->episode;
}

// ---- semantic memory

Result<SemanticMemory::Change> MemoryService::rememberFact(const QString& userId, const FactInput& input, Actor actor)
{
    auto change = m_semantic->upsert(userId, redacted(userId, input), actor);
    if (!change)
        return change.error();
    QStringList ids{change->fact.id};
    if (!change->previous.id.isEmpty() && change->outcome == SemanticMemory::Outcome::Superseded)
        ids.append(change->previous.id);
    announceChanged(userId, Tier::Semantic, ids);
    return change;
}

Result<Fact> MemoryService::addFact(const QString& userId, const QString& subject, const QString& predicate,
                                    const QString& object, double confidence)
{
    FactInput input;
    input.subject = subject;
    input.predicate = predicate;
    input.object = object;
    input.confidence = confidence;
    input.source = FactSource::Manual;
    auto change = rememberFact(userId, input, Actor::User);
    if (!change)
        return change.error();
    return change->fact;
}

Result<Fact> MemoryService::confirmFact(const QString& userId, const QString& id)
{
    auto change = m_semantic->confirm(userId, id);
    if (!change)
        return change.error();
    QStringList ids{change->fact.id};
    if (!change->previous.id.isEmpty())
        ids.append(change->previous.id);
    announceChanged(userId, Tier::Semantic, ids);
    return change->fact;
}

Result<Fact> MemoryService::rejectFact(const QString& userId, const QString& id)
{
    auto f = m_semantic->reject(userId, id);
    if (f)
        announceChanged(userId, Tier::Semantic, {id});
    return f;
}

Result<Fact> MemoryService::weakenFact(const QString& userId, const QString& id, double by)
{
    auto f = m_semantic->weaken(userId, id, by);
    if (f)
        announceChanged(userId, Tier::Semantic, {id});
    return f;
}

Result<QList<Fact>> MemoryService::activeFacts(const QString& userId) const
{
    return m_semantic->activeFacts(userId);
}

Result<QList<Fact>> MemoryService::currentFacts(const QString& userId) const
{
    return m_semantic->currentFacts(userId);
}

Result<bool> MemoryService::forgetFact(const QString& userId, const QString& subject, const QString& predicate)
{
    auto current = m_ctx->facts.current(userId, subject, predicate);
    if (!current)
        return current.error();
    if (!*current)
        return false;
    if (auto st = remove(userId, (*current)->id); !st)
        return st.error();
    return true;
}

Status MemoryService::revertFact(const QString& userId, const QString& id)
{
    auto fact = m_ctx->facts.find(userId, id);
    if (!fact)
        return fact.error();
    auto lineage = m_ctx->facts.lineage(userId, fact->subject, fact->predicate);
    if (!lineage)
        return lineage.error();
    Transaction tx(*m_db);
    if (auto st = tx.begin(); !st)
        return st;
    if (auto st = m_ctx->facts.remove(userId, id); !st)
        return st;
    if (auto st = m_ctx->events.scrub(userId, id); !st)
        return st;
    if (auto st = m_ctx->record(userId, id, itemtype::kFact, QStringLiteral("delete"), Actor::User); !st)
        return st;
    QStringList changed;
    for (Fact previous : std::as_const(*lineage)) {
        if (previous.supersededBy != id || previous.status != ItemStatus::Superseded ||
            fact->status != ItemStatus::Active)
            continue;
        const Json before = itemjson::toJson(previous);
        previous.status = ItemStatus::Active;
        previous.validTo = QDateTime();
        previous.supersededBy.clear();
        previous.updatedAt = m_ctx->clock.now();
        if (auto st = m_ctx->facts.update(previous); !st)
            return st;
        if (auto st = m_ctx->record(userId, previous.id, itemtype::kFact, QStringLiteral("restore"), Actor::User,
                                    before, itemjson::toJson(previous));
            !st)
            return st;
        changed.append(previous.id);
    }
    if (auto st = tx.commit(); !st)
        return st;
    announceRemoved(userId, Tier::Semantic, {id});
    if (!changed.isEmpty())
        announceChanged(userId, Tier::Semantic, changed);
    return {};
}

// ---- changes made elsewhere, search

void MemoryService::checkForChangesElsewhere()
{
    const qint64 version = database().dataVersion();
    const bool changed = m_seenDataVersion >= 0 && version != m_seenDataVersion;
    m_seenDataVersion = version;
    if (changed)
        Q_EMIT changedElsewhere();
}

Result<QList<MemoryItem>> MemoryService::search(const QString& userId, const QString& query,
                                                const SearchOptions& options) const
{
    return m_retriever->search(userId, query, options);
}

// ---- forgetting

Result<ForgetReport> MemoryService::forget(const QString& userId, bool dryRun, const ForgetProgress& progress)
{
    auto plan = planForgetting(userId);
    if (!plan || dryRun)
        return plan;
    const qsizetype total = plan->size();
    ForgetReport done;
    for (qsizetype handled = 0; !plan->isEmpty();) {
        const ForgetReport slice = plan->takeFirst(m_ctx->config.forgetBatch);
        auto applied = applyForgetting(userId, slice);
        if (!applied)
            return applied.error();
        done.append(*applied);
        handled += slice.size();
        if (progress)
            progress(handled, total);
    }
    return done;
}

Result<ForgetReport> MemoryService::planForgetting(const QString& userId) const
{
    return m_forgetting->plan(userId);
}

Result<ForgetReport> MemoryService::applyForgetting(const QString& userId, const ForgetReport& slice)
{
    auto report = m_forgetting->apply(userId, slice);
    if (!report)
        return report;
    if (!report->archived.isEmpty()) {
        announceRemoved(userId, Tier::Episodic, report->archived);
        announceChanged(userId, Tier::Archive, report->archived);
    }
    if (!report->purged.isEmpty())
        announceRemoved(userId, Tier::Archive, report->purged);
    return report;
}

Status MemoryService::restore(const QString& userId, const QString& id)
{
    auto restored = restoreAll(userId, {id});
    if (!restored)
        return restored.error();
    if (!restored->isEmpty())
        return {};
    if (auto e = m_ctx->episodes.find(userId, id); !e)
        return e.error();
    return Error{Error::Code::Conflict, QStringLiteral("Episode %1 is not in the archive").arg(id)};
}

Result<QStringList> MemoryService::restoreAll(const QString& userId, const QStringList& ids)
{
    auto restored = m_forgetting->restore(userId, ids);
    if (!restored || restored->isEmpty())
        return restored;
    announceRemoved(userId, Tier::Archive, *restored);
    announceChanged(userId, Tier::Episodic, *restored);
    return restored;
}

// ---- context

Result<ContextResult> MemoryService::buildContext(const ContextRequest& request)
{
    auto context = m_contextBuilder->build(request);
    if (!context || !request.countAccess)
        return context;
    if (auto st = countAccess(request.userId, *context); !st)
        return st.error();
    return context;
}

Status MemoryService::countAccess(const QString& userId, const ContextResult& context)
{
    const QDateTime now = m_ctx->clock.now();
    Transaction tx(*m_db);
    if (auto st = tx.begin(); !st)
        return st;
    // One statement per table: the summaries and the exchanges are both episodes.
    QStringList facts;
    QStringList episodes;
    for (const ContextSection& s : context.sections) {
        if (s.name == QLatin1String("profile"))
            facts += s.ids;
        else if (s.name == QLatin1String("summaries") || s.name == QLatin1String("exchanges"))
            episodes += s.ids;
    }
    if (auto st = m_ctx->facts.touch(userId, facts, now); !st)
        return st;
    if (auto st = m_ctx->episodes.touch(userId, episodes, now); !st)
        return st;
    return tx.commit();
}

} // namespace engram
