#pragma once

#include "core/Clock.h"
#include "core/MemoryTypes.h"
#include "core/Redactor.h"
#include "core/Result.h"
#include "core/ToolClient.h"
#include "memory/ContextBuilder.h"
#include "memory/Exporter.h"
#include "memory/ForgettingPolicy.h"
#include "memory/HeldChanges.h"
#include "memory/Importer.h"
#include "memory/MemoryConfig.h"
#include "memory/MemoryEraser.h"
#include "memory/MemoryItem.h"
#include "memory/Retriever.h"
#include "memory/SemanticMemory.h"
#include "memory/WorkingMemory.h"
#include "storage/Database.h"
#include "storage/MemoryLocation.h"

#include <QHash>
#include <QObject>

#include <functional>
#include <memory>
#include <optional>

namespace engram {

class Database;
class EmbeddingStore;
class EpisodicMemory;
struct MemoryContext;

// Which items a listing returns.
struct ItemQuery
{
    std::optional<Tier> tier; // nullopt = every tier
    QString status;           // "" = the tier's usual ones (facts: active + pending)
    bool pinnedOnly{};
    // Working tier: one conversation's window. Other tiers: the items learned in it.
    QString conversationId;
    QString contains;                 // only items whose text contains this ("" = all); ASCII case-insensitive
    std::optional<ItemOrigin> origin; // nullopt = from anywhere
    QDateTime createdFrom;            // invalid = no lower bound
    QDateTime createdBefore;          // invalid = no upper bound
    int offset{};
    int limit{-1};
    // Episodes and the archive are sorted in SQL (so pages of 100,000 rows stay in order);
    // other tiers come in their natural order.
    EpisodeOrder order{EpisodeOrder::Created};
    bool descending{true};

    // Whether the item passes the pin, conversation, origin and date conditions (not the text,
    // tier or status ones): what a listing's SQL asks, for items already in memory.
    bool admits(const MemoryItem& item) const;
};

struct TierCounts
{
    int working{};
    int episodic{};
    int semantic{};
    int pending{};
    int archive{};
    int total() const { return working + episodic + semantic + archive; }
};

// A stored reply and the exchange recorded with it (none when nothing was recorded).
struct StoredReply
{
    Message message;
    std::optional<Episode> exchange;
};

// One line of an item's history: a version or an event.
struct HistoryEntry
{
    QDateTime time;
    QString action;
    Actor actor{Actor::System};
    QString itemId;
    Json before;
    Json after;
    QString client; // the AI tool that made the change (MCP); empty: Engram itself
};

// The one facade the app and the CLI talk to. Every operation is scoped to a user id and no
// query returns another user's rows. Every change is written to the audit log and announced
// by a signal after it is committed, so views stay live without polling.
class MemoryService final : public QObject
{
    Q_OBJECT

public:
    MemoryService(std::unique_ptr<Database> db, MemoryConfig config = {}, Clock& clock = Clock::system(),
                  QObject* parent = nullptr);
    ~MemoryService() override;

    // ReadOnly: for commands that only read (no lock needed, a read-only file works); what
    // would write (an access count, the export's log line) is then left out.
    static Result<std::unique_ptr<MemoryService>> open(const QString& path, MemoryConfig config = {},
                                                       Clock& clock = Clock::system(),
                                                       Database::Access access = Database::Access::ReadWrite);

    // The memory where the user put it (MemoryLocation: a file, or a PostgreSQL server).
    static Result<std::unique_ptr<MemoryService>> open(const MemoryLocation& location, MemoryConfig config = {},
                                                       Clock& clock = Clock::system(),
                                                       Database::Access access = Database::Access::ReadWrite);

    Database& database();
    const MemoryConfig& config() const;
    // A lower capacity or a stricter age limit queues a forgetting pass for every user (jobQueued()).
    void setConfig(const MemoryConfig& config);
    Clock& clock() const;

    // ---- privacy
    // Masks secrets and the user's "never remember" phrases. Every text this service stores
    // passes through it first; callers may use it to show what will be stored.
    QString redact(const QString& userId, const QString& text) const;
    Result<QStringList> neverRemember(const QString& userId) const;
    Status setNeverRemember(const QString& userId, const QStringList& phrases);

    // ---- users and conversations
    Result<User> ensureUser(const QString& userId, const QString& displayName = {});
    Result<QList<User>> users() const;
    Status renameUser(const QString& userId, const QString& displayName);
    Status deleteUser(const QString& userId);
    Result<Conversation> createConversation(const QString& userId, const QString& title, bool incognito = false);
    Result<QList<Conversation>> conversations(const QString& userId) const;
    Result<Conversation> conversation(const QString& userId, const QString& conversationId) const;
    Status renameConversation(const QString& userId, const QString& conversationId, const QString& title);
    Status deleteConversation(const QString& userId, const QString& conversationId);
    Result<QList<Message>> transcript(const QString& userId, const QString& conversationId) const;

    // ---- working memory
    // Stores a message in the conversation's window (evicting by FIFO). Incognito conversations
    // are refused: their messages are never written.
    Result<Message> appendMessage(const QString& userId, const QString& conversationId, Role role, const QString& text,
                                  MessageStatus status = MessageStatus::Complete, Json metadata = Json::object());
    // The assistant's reply and the exchange it completes (question → reply gist), stored in one
    // transaction: together or not at all. The exchange is skipped when memory is off, the reply
    // is empty or the question blank. Its metadata gets the stored reply's id.
    Result<StoredReply> appendReply(const QString& userId, const QString& conversationId, const QString& question,
                                    const QString& text, MessageStatus status = MessageStatus::Complete,
                                    Json metadata = Json::object(), Json exchangeMetadata = Json::object());
    Result<QList<Message>> window(const QString& userId, const QString& conversationId) const;
    Result<QList<Message>> summaryBuffer(const QString& userId) const;
    Status markSummarized(const QString& userId, const QStringList& messageIds);

    // ---- episodic memory
    Result<Episode> recordExchange(const QString& userId, const QString& conversationId, const QString& question,
                                   const QString& reply, Json metadata = Json::object());
    // The active summary of a topic, if any (for merging a new summary into it).
    Result<std::optional<Episode>> existingSummary(const QString& userId, const QString& topicKey) const;
    Result<Episode> upsertSummary(const QString& userId, const QString& topicKey, const QString& text,
                                  const QString& conversationId = {}, Json metadata = Json::object());

    // ---- semantic memory
    Result<SemanticMemory::Change> rememberFact(const QString& userId, const FactInput& input,
                                                Actor actor = Actor::Assistant);
    // A fact the user adds by hand: manual, confidence as given (default 1).
    Result<Fact> addFact(const QString& userId, const QString& subject, const QString& predicate, const QString& object,
                         double confidence = 1.0);
    Result<Fact> confirmFact(const QString& userId, const QString& id);
    Result<Fact> rejectFact(const QString& userId, const QString& id);
    Result<Fact> weakenFact(const QString& userId, const QString& id, double by = 0.3);
    Result<QList<Fact>> activeFacts(const QString& userId) const;
    // Active and pending facts, with their provenance.
    Result<QList<Fact>> currentFacts(const QString& userId) const;
    // The user asked to forget a fact ("忘掉我的项目"): removes the current value of the key.
    // Returns false when there was none.
    Result<bool> forgetFact(const QString& userId, const QString& subject, const QString& predicate);
    // Takes back an automatic change (the Undo of a "Remembered: …" notice): the fact is removed
    // and the value it superseded, if any, is current again.
    Status revertFact(const QString& userId, const QString& id);

    // ---- any tier, by id
    Result<MemoryItem> item(const QString& userId, const QString& id) const;
    Result<QList<MemoryItem>> list(const QString& userId, const ItemQuery& query = {}) const;
    Result<int> count(const QString& userId, const ItemQuery& query = {}) const;
    Result<TierCounts> counts(const QString& userId) const;
    // Emits changedElsewhere() when another process committed to the file since the last call
    // (cheap: one pragma; the app calls it every second).
    void checkForChangesElsewhere();
    Result<QList<HistoryEntry>> history(const QString& userId, const QString& id) const;
    Result<QList<MemoryItem>> search(const QString& userId, const QString& query,
                                     const SearchOptions& options = {}) const;

    // Fact: the new value; episode: the new text; message: what the model sees from now on.
    Result<MemoryItem> edit(const QString& userId, const QString& id, const QString& text);
    Result<MemoryItem> setPinned(const QString& userId, const QString& id, bool pinned);
    // Facts and episodes are erased (their content is kept only for undo, see purgeTrash);
    // a working message leaves the window but stays in the transcript.
    Status remove(const QString& userId, const QString& id);
    // Reverts the user's most recent edit, pin, unpin or delete that can still be reverted and
    // says what it reverted; every change of an action run by asOneAction() together, announced
    // as one change.
    Result<QString> undo(const QString& userId);
    // Runs `changes` (calls of this service, such as remove() or setPinned() for each selected
    // item) as one action of the user: in one transaction, all or nothing, and one undo() takes
    // every change back. Its itemsChanged / itemsRemoved come once it has committed, one per run
    // of the same kind and tier; none when it failed.
    Status asOneAction(const std::function<Status()>& changes);
    // Erases the content kept for undoing deletes: older than config().undoMinutes, or all.
    Status purgeTrash(bool all = false);

    // ---- forgetting
    // Forgets now (ForgettingPolicy), config().forgetBatch items a transaction; `progress` hears
    // after each. With dryRun nothing changes and the report says what would. A pass also starts
    // by itself every config().forgetEveryWrites writes of a user, as a job (jobQueued()).
    Result<ForgetReport> forget(const QString& userId, bool dryRun = false, const ForgetProgress& progress = {});
    // The same in steps, for a caller that lets its event loop run between them (JobRunner): what
    // to forget, then one slice of it at a time.
    Result<ForgetReport> planForgetting(const QString& userId) const;
    Result<ForgetReport> applyForgetting(const QString& userId, const ForgetReport& slice);
    Status restore(const QString& userId, const QString& id);
    // Brings the archived episodes among `ids` back in one transaction and one change signal
    // (the panel's Restore of a selection); returns those restored, in the order of `ids`.
    Result<QStringList> restoreAll(const QString& userId, const QStringList& ids);

    // ---- export, import, clear (MemoryServiceTransfer.cpp; the format is docs/EXPORT_FORMAT.md)
    // Writes the user's whole memory to `path` (atomically) or to `device`; logs an "export" event.
    Result<ExportReport> exportMemory(const QString& userId, const QString& path);
    Result<ExportReport> exportMemory(const QString& userId, QIODevice& device);
    // Reads and validates the whole document first, then writes it in one transaction. On any
    // error the memory is unchanged and the message says what is wrong and where. Merge skips the
    // ids the user already has (importing a file twice adds nothing); replace swaps the user's
    // memory for the document's.
    Result<ImportReport> importMemory(const QString& userId, const QString& path, ImportMode mode = ImportMode::Merge);
    Result<ImportReport> importDocument(const QString& userId, const QByteArray& document,
                                        ImportMode mode = ImportMode::Merge);
    // Copies one user's whole memory into `target` (another database: a file or a server) in ONE
    // transaction there: every tier, every fact version, the item history, the user's settings,
    // the AI tools' access and the memory jobs still to run. Ids the target already has are
    // skipped, so copying twice adds nothing. This memory is only read.
    Result<MigrationReport> copyUserTo(MemoryService& target, const QString& userId) const;
    // Erases the user's memory of every tier in one transaction and scrubs the erased text from
    // the file. With `backupPath`, an export is written there first; if it fails nothing is cleared.
    Result<ClearReport> clearMemory(const QString& userId, const QString& backupPath = {});

    // ---- other AI tools (MCP clients; MemoryServiceTools.cpp)
    // Every tool that used the user's memory, most recently used first.
    Result<QList<ToolClient>> toolClients(const QString& userId) const;
    // One tool as it stands: what the user lets it do (Ask when it never connected).
    Result<ToolClient> toolClient(const QString& userId, const QString& name) const;
    // Notes that the tool connected, read or wrote just now (Settings → Connected tools shows when).
    Status noteToolUse(const QString& userId, const QString& name, const QString& version, ToolUse use);
    Status setToolAccess(const QString& userId, const QString& name, ToolAccess access);
    // Forgets the tool: it starts again as one the user never trusted. False when unknown.
    Result<bool> removeToolClient(const QString& userId, const QString& name);
    // Every change this service records from now on names `client` as its author (an MCP
    // server's session); empty: Engram itself.
    void setWritingClient(const QString& client);
    QString writingClient() const;

    // ---- context
    // Builds the prompt of a turn and counts an access for every memory that went in.
    Result<ContextResult> buildContext(const ContextRequest& request);
    // Counts an access (count + 1, last access now) for every memory in the context, in one write.
    Status countAccess(const QString& userId, const ContextResult& context);

    const Retriever& retriever() const;
    // Chooses how the keyword and the vector rankings of the user's items under `model` are fused
    // (FusionCalibration::weightsFor), unless the choice kept still fits, and keeps it with the
    // user: a process that only reads (engram-cli search) then fuses without probing. Nothing
    // when the user has no vector of the model.
    Status chooseFusionWeights(const QString& userId, const QString& model);
    // The items' embedding vectors (written by the embedding jobs, read by the retriever).
    EmbeddingStore& embeddings();

Q_SIGNALS:
    // Items were created or changed.
    void itemsChanged(const QString& userId, engram::Tier tier, const QStringList& ids);
    // Items left a tier (deleted, forgotten, moved to the archive, or out of the window).
    void itemsRemoved(const QString& userId, engram::Tier tier, const QStringList& ids);
    // A user's memory changed wholesale (clear, import, forgetting): reload everything.
    void memoryReset(const QString& userId);
    // Users or conversations were added, renamed or removed.
    void usersChanged();
    void conversationsChanged(const QString& userId);
    // What a tool may do changed (Settings → Connected tools).
    void toolClientsChanged(const QString& userId);
    // Another process (engram-cli, an MCP server) committed to the file: what is shown may be old.
    void changedElsewhere();
    // Background work was queued here (a forgetting pass): a job runner may start it.
    void jobQueued();

private:
    qint64 m_seenDataVersion{-1};
    Result<MemoryItem> findAnyTier(const QString& userId, const QString& id) const;
    Result<QString> undoEvent(const QString& userId, const Event& event);
    Result<QString> undoDelete(const QString& userId, const Event& event);
    Result<QString> undoLatestAction(const QString& userId);
    // Emit itemsChanged / itemsRemoved, or, while an action is held (asOneAction, undo), keep
    // them for announceHeld() to send once it has committed.
    void announceChanged(const QString& userId, Tier tier, const QStringList& ids);
    void announceRemoved(const QString& userId, Tier tier, const QStringList& ids);
    void announceHeld(bool committed);
    Result<ImportReport> importParsed(const QString& userId, Result<MemoryDocument> document, ImportMode mode);
    void countWrite(const QString& userId);
    // A forgetting job for each of these users that has none waiting.
    void queueForgetting(const QStringList& userIds);
    // Redacts and appends one message and touches its conversation, in the caller's transaction.
    Result<AppendedMessage> appendInTransaction(const QString& userId, const QString& conversationId, Role role,
                                                const QString& text, MessageStatus status, Json metadata);
    void announceAppended(const QString& userId, const AppendedMessage& appended);
    const Redactor& redactorFor(const QString& userId) const;
    FactInput redacted(const QString& userId, FactInput input) const;

    std::unique_ptr<Database> m_db;
    std::unique_ptr<MemoryContext> m_ctx;
    std::unique_ptr<WorkingMemory> m_working;
    std::unique_ptr<EpisodicMemory> m_episodic;
    std::unique_ptr<SemanticMemory> m_semantic;
    std::unique_ptr<Retriever> m_retriever;
    std::unique_ptr<ForgettingPolicy> m_forgetting;
    std::unique_ptr<ContextBuilder> m_contextBuilder;
    QHash<QString, int> m_writesSinceForget;
    mutable QHash<QString, Redactor> m_redactors; // per user, with that user's phrases
    HeldChanges m_held;
};

} // namespace engram
