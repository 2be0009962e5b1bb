#pragma once

#include <QDateTime>
#include <QString>
#include <QStringList>

#include <nlohmann/json.hpp>

#include <optional>

// The plain values the memory tiers store and return. No I/O here.
namespace engram {

using Json = nlohmann::json;

enum class Tier
{
    Working,
    Episodic,
    Semantic,
    Archive
};
enum class Role
{
    User,
    Assistant,
    System
};
enum class Actor
{
    User,
    Assistant,
    System
};

// Where a message stands in relation to the working window.
enum class WindowState
{
    InWindow,   // the model sees it
    Buffered,   // evicted, waiting in the summary buffer
    Summarized, // evicted and condensed into a summary episode
    Removed,    // the user took it out of what the model sees
};

enum class MessageStatus
{
    Complete,
    Stopped,
    Failed
};
enum class EpisodeKind
{
    Exchange,
    Summary
};
enum class ItemStatus
{
    Active,
    Pending,
    Superseded,
    Deleted,
    Rejected,
    Archived
};
// Where an episode was recorded from.
enum class EpisodeOrigin
{
    Conversation, // a turn, or a summary of turns
    Import,       // a memory file
    Tool          // another AI tool, through the MCP server
};

enum class FactSource
{
    UserInput,
    LlmExtract,
    Manual,
    Import
};

QString enumName(Tier v);
QString enumName(Role v);
QString enumName(Actor v);
QString enumName(WindowState v);
QString enumName(MessageStatus v);
QString enumName(EpisodeKind v);
QString enumName(ItemStatus v);
QString enumName(FactSource v);
QString enumName(EpisodeOrigin v);

std::optional<Tier> tierFromString(const QString& s);
std::optional<Role> roleFromString(const QString& s);
std::optional<Actor> actorFromString(const QString& s);
std::optional<WindowState> windowStateFromString(const QString& s);
std::optional<MessageStatus> messageStatusFromString(const QString& s);
std::optional<EpisodeKind> episodeKindFromString(const QString& s);
std::optional<ItemStatus> itemStatusFromString(const QString& s);
std::optional<FactSource> factSourceFromString(const QString& s);
std::optional<EpisodeOrigin> episodeOriginFromString(const QString& s);

// A new public id (a UUID without braces). Integer rowids never leave storage.
QString newId();

// Times are stored as milliseconds since the epoch, UTC, and shown as ISO-8601.
qint64 toMsecs(const QDateTime& t);
QDateTime fromMsecs(qint64 ms);
QString toIso(const QDateTime& t);
std::optional<QDateTime> fromIso(const QString& s);

struct User
{
    QString id;
    QString displayName;
    QDateTime createdAt;
};

struct Conversation
{
    QString id;
    QString userId;
    QString title;
    bool incognito{};
    QDateTime createdAt;
    QDateTime updatedAt;
};

struct Message
{
    QString id;
    QString userId;
    QString conversationId;
    Role role{Role::User};
    QString content;      // what the transcript shows (already redacted)
    QString modelContent; // what the model sees instead, when the user edited it; empty = content
    WindowState windowState{WindowState::InWindow};
    MessageStatus status{MessageStatus::Complete};
    bool pinned{};
    QDateTime createdAt;
    Json metadata = Json::object();

    const QString& textForModel() const { return modelContent.isEmpty() ? content : modelContent; }
};

struct Episode
{
    QString id;
    QString userId;
    EpisodeKind kind{EpisodeKind::Exchange};
    QString content;  // exchange: the user's message; summary: the summary text
    QString response; // exchange: gist of the reply; summary: empty
    QString topicKey; // summaries: what they are about, for merging
    QString conversationId;
    EpisodeOrigin origin{EpisodeOrigin::Conversation};
    ItemStatus status{ItemStatus::Active}; // Active or Archived
    bool pinned{};
    double importance{0.5};
    int accessCount{};
    QDateTime lastAccessAt;
    QDateTime createdAt;
    QDateTime updatedAt;
    QDateTime archivedAt;
    Json metadata = Json::object();
};

struct Fact
{
    QString id;
    QString userId;
    QString subject;
    QString predicate;
    QString object;
    double confidence{1.0};
    ItemStatus status{ItemStatus::Active};
    FactSource source{FactSource::UserInput};
    QString conversationId;
    QString messageId;
    QString model;
    QDateTime validFrom;
    QDateTime validTo;
    QString supersededBy;
    bool pinned{};
    double importance{0.5};
    int accessCount{};
    QDateTime lastAccessAt;
    QDateTime createdAt;
    QDateTime updatedAt;
    Json metadata = Json::object();

    // "subject predicate object" as one line, e.g. for search text and the panel.
    QString text() const;
};

// The itemType of an Event for each tier's items.
namespace itemtype {
inline const QString kMessage = QStringLiteral("message");
inline const QString kEpisode = QStringLiteral("episode");
inline const QString kFact = QStringLiteral("fact");
} // namespace itemtype

// One entry of the audit log. Deletes carry no before/after content.
struct Event
{
    QString id;
    QString userId;
    QString itemId;
    QString itemType; // "message", "episode", "fact", "user", "memory"
    QString action;   // create, update, supersede, merge, pin, unpin, edit, delete, forget, restore, ...
    Actor actor{Actor::System};
    Json before; // null when absent
    Json after;  // null when absent
    QDateTime createdAt;
    bool undone{};
    QString group;  // shared by the events of one action of the user, undone together; empty: alone
    QString client; // the AI tool that made the change through the MCP server; empty: Engram itself
};

} // namespace engram

Q_DECLARE_METATYPE(engram::Message)
