#include "core/MemoryTypes.h"
#include "core/EnumNames.h"

#include <QUuid>

#include <array>
#include <utility>

namespace engram {
namespace {

using enumnames::nameOf;
using enumnames::valueOf;

constexpr std::array<std::pair<Tier, const char*>, 4> kTiers{{
    {Tier::Working, "working"},
    {Tier::Episodic, "episodic"},
    {Tier::Semantic, "semantic"},
    {Tier::Archive, "archive"},
}};
constexpr std::array<std::pair<Role, const char*>, 3> kRoles{{
    {Role::User, "user"},
    {Role::Assistant, "assistant"},
    {Role::System, "system"},
}};
constexpr std::array<std::pair<Actor, const char*>, 3> kActors{{
    {Actor::User, "user"},
    {Actor::Assistant, "assistant"},
    {Actor::System, "system"},
}};
constexpr std::array<std::pair<WindowState, const char*>, 4> kWindowStates{{
    {WindowState::InWindow, "window"},
    {WindowState::Buffered, "buffered"},
    {WindowState::Summarized, "summarized"},
    {WindowState::Removed, "removed"},
}};
constexpr std::array<std::pair<MessageStatus, const char*>, 3> kMessageStatuses{{
    {MessageStatus::Complete, "complete"},
    {MessageStatus::Stopped, "stopped"},
    {MessageStatus::Failed, "failed"},
}};
constexpr std::array<std::pair<EpisodeKind, const char*>, 2> kEpisodeKinds{{
    {EpisodeKind::Exchange, "exchange"},
    {EpisodeKind::Summary, "summary"},
}};
constexpr std::array<std::pair<ItemStatus, const char*>, 6> kItemStatuses{{
    {ItemStatus::Active, "active"},
    {ItemStatus::Pending, "pending"},
    {ItemStatus::Superseded, "superseded"},
    {ItemStatus::Deleted, "deleted"},
    {ItemStatus::Rejected, "rejected"},
    {ItemStatus::Archived, "archived"},
}};
constexpr std::array<std::pair<EpisodeOrigin, const char*>, 3> kEpisodeOrigins{{
    {EpisodeOrigin::Conversation, "conversation"},
    {EpisodeOrigin::Import, "import"},
    {EpisodeOrigin::Tool, "tool"},
}};

constexpr std::array<std::pair<FactSource, const char*>, 4> kFactSources{{
    {FactSource::UserInput, "user_input"},
    {FactSource::LlmExtract, "llm_extract"},
    {FactSource::Manual, "manual"},
    {FactSource::Import, "import"},
}};

} // namespace

QString enumName(Tier v)
{
    return nameOf(kTiers, v);
}
QString enumName(Role v)
{
    return nameOf(kRoles, v);
}
QString enumName(Actor v)
{
    return nameOf(kActors, v);
}
QString enumName(WindowState v)
{
    return nameOf(kWindowStates, v);
}
QString enumName(MessageStatus v)
{
    return nameOf(kMessageStatuses, v);
}
QString enumName(EpisodeKind v)
{
    return nameOf(kEpisodeKinds, v);
}
QString enumName(ItemStatus v)
{
    return nameOf(kItemStatuses, v);
}
QString enumName(FactSource v)
{
    return nameOf(kFactSources, v);
}

std::optional<Tier> tierFromString(const QString& s)
{
    return valueOf(kTiers, s);
}
std::optional<Role> roleFromString(const QString& s)
{
    return valueOf(kRoles, s);
}
std::optional<Actor> actorFromString(const QString& s)
{
    return valueOf(kActors, s);
}
std::optional<WindowState> windowStateFromString(const QString& s)
{
    return valueOf(kWindowStates, s);
}
std::optional<MessageStatus> messageStatusFromString(const QString& s)
{
    return valueOf(kMessageStatuses, s);
}
std::optional<EpisodeKind> episodeKindFromString(const QString& s)
{
    return valueOf(kEpisodeKinds, s);
}
std::optional<ItemStatus> itemStatusFromString(const QString& s)
{
    return valueOf(kItemStatuses, s);
}
QString enumName(EpisodeOrigin v)
{
    return nameOf(kEpisodeOrigins, v);
}

std::optional<EpisodeOrigin> episodeOriginFromString(const QString& s)
{
    return valueOf(kEpisodeOrigins, s);
}

std::optional<FactSource> factSourceFromString(const QString& s)
{
    return valueOf(kFactSources, s);
}

QString newId()
{
    return QUuid::createUuid().toString(QUuid::WithoutBraces);
}

qint64 toMsecs(const QDateTime& t)
{
    return t.isValid() ? t.toMSecsSinceEpoch() : 0;
}

QDateTime fromMsecs(qint64 ms)
{
    return ms == 0 ? QDateTime() : QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC);
}

QString toIso(const QDateTime& t)
{
    return t.isValid() ? t.toUTC().toString(Qt::ISODateWithMs) : QString();
}

std::optional<QDateTime> fromIso(const QString& s)
{
    QDateTime t = QDateTime::fromString(s, Qt::ISODateWithMs);
    if (!t.isValid())
        t = QDateTime::fromString(s, Qt::ISODate);
    if (!t.isValid())
        return std::nullopt;
    return t.toUTC();
}

QString Fact::text() const
{
    return subject + QLatin1Char(' ') + predicate + QLatin1Char(' ') + object;
}

} // namespace engram
