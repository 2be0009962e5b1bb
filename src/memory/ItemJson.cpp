#include "memory/ItemJson.h"

#include "core/Utf8.h"

#include <QUuid>

namespace engram::itemjson {
namespace {

std::string s(const QString& text)
{
    return text.toStdString();
}

// Why a text field of an import cannot be stored, or empty: a NUL character (which C strings,
// SQLite's text functions and the search index would cut at) or more than kMaxFieldChars
// characters. Counted in code points on the UTF-8 bytes, before any copy is made.
QString textProblem(const std::string& text)
{
    if (text.find('\0') != std::string::npos)
        return QStringLiteral("contains a NUL character (U+0000)");
    if (static_cast<qint64>(text.size()) <= kMaxFieldChars)
        return {}; // fewer bytes than the limit: fewer characters too
    qint64 chars = 0;
    for (const char c : text)
        chars += (static_cast<unsigned char>(c) & 0xC0) != 0x80 ? 1 : 0;
    if (chars > kMaxFieldChars)
        return QStringLiteral("is %1 characters long; a text field holds at most %2").arg(chars).arg(kMaxFieldChars);
    return {};
}

// The first problem of a free JSON value (metadata, an event's before and after): its strings,
// keys included, follow the rules of text fields. Empty, or the problem with its place inside
// the value, e.g. ".origin[2]: contains a NUL character (U+0000)"; paths are built only then.
QString freeJsonProblem(const Json& j)
{
    if (j.is_string()) {
        const QString problem = textProblem(j.get_ref<const std::string&>());
        return problem.isEmpty() ? problem : QStringLiteral(": ") + problem;
    }
    if (j.is_array()) {
        for (std::size_t i = 0; i < j.size(); ++i) {
            if (const QString problem = freeJsonProblem(j[i]); !problem.isEmpty())
                return QStringLiteral("[%1]").arg(i) + problem;
        }
    } else if (j.is_object()) {
        for (auto it = j.cbegin(); it != j.cend(); ++it) {
            if (const QString problem = textProblem(it.key()); !problem.isEmpty())
                return QStringLiteral(": a key ") + problem;
            if (const QString problem = freeJsonProblem(it.value()); !problem.isEmpty())
                return QLatin1Char('.') + QString::fromStdString(it.key()) + problem;
        }
    }
    return {};
}

// Reads fields of one JSON object, remembering the first problem with its path.
class Reader final
{
public:
    Reader(const Json& j, QString where)
        : m_j(j)
        , m_where(std::move(where))
    {
        if (!m_j.is_object())
            fail(QString(), QStringLiteral("must be an object"));
    }

    bool ok() const { return m_error.isEmpty(); }
    Error error() const { return Error::invalid(m_error); }

    QString string(const char* key, bool required, const QString& fallback = {})
    {
        if (!ok())
            return fallback;
        const auto it = m_j.find(key);
        if (it == m_j.end() || it->is_null()) {
            if (required)
                fail(key, QStringLiteral("is missing"));
            return fallback;
        }
        if (!it->is_string()) {
            fail(key, QStringLiteral("must be a string"));
            return fallback;
        }
        const std::string& text = it->get_ref<const std::string&>();
        if (const QString problem = textProblem(text); !problem.isEmpty()) {
            fail(key, problem);
            return fallback;
        }
        return utf8::decode(text);
    }

    // A reference to an item: a UUID, stored in its one canonical form (lower case, no braces).
    QString id(const char* key, bool required)
    {
        const QString value = string(key, required);
        if (!ok() || value.isEmpty())
            return value;
        const QString canonical = canonicalId(value);
        if (canonical.isEmpty()) {
            fail(
                key,
                QStringLiteral("\"%1\" is not a UUID (like 0d1f2e3a-4b5c-4d6e-8f70-8192a3b4c5d6)").arg(value.left(40)));
            return {};
        }
        return canonical;
    }

    QDateTime time(const char* key, bool required, const QDateTime& fallback = {})
    {
        const QString text = string(key, required);
        if (!ok() || text.isEmpty())
            return fallback;
        const auto t = fromIso(text);
        if (!t) {
            fail(key, QStringLiteral("not an ISO-8601 time"));
            return fallback;
        }
        return *t;
    }

    double number(const char* key, double fallback, double min, double max)
    {
        if (!ok())
            return fallback;
        const auto it = m_j.find(key);
        if (it == m_j.end() || it->is_null())
            return fallback;
        if (!it->is_number()) {
            fail(key, QStringLiteral("must be a number"));
            return fallback;
        }
        const double v = it->get<double>();
        if (v < min || v > max) {
            fail(key, QStringLiteral("must be between %1 and %2").arg(min).arg(max));
            return fallback;
        }
        return v;
    }

    bool boolean(const char* key, bool fallback)
    {
        if (!ok())
            return fallback;
        const auto it = m_j.find(key);
        if (it == m_j.end() || it->is_null())
            return fallback;
        if (!it->is_boolean()) {
            fail(key, QStringLiteral("must be true or false"));
            return fallback;
        }
        return it->get<bool>();
    }

    Json object(const char* key)
    {
        if (!ok())
            return Json::object();
        const auto it = m_j.find(key);
        if (it == m_j.end() || it->is_null())
            return Json::object();
        if (!it->is_object()) {
            fail(key, QStringLiteral("must be an object"));
            return Json::object();
        }
        if (const QString problem = freeJsonProblem(*it); !problem.isEmpty()) {
            failAt(key, problem);
            return Json::object();
        }
        return *it;
    }

    // Any JSON value, as given (null when absent), its strings checked like the fields'.
    Json any(const char* key)
    {
        if (!ok())
            return nullptr;
        const auto it = m_j.find(key);
        if (it == m_j.end())
            return Json();
        if (const QString problem = freeJsonProblem(*it); !problem.isEmpty()) {
            failAt(key, problem);
            return Json();
        }
        return *it;
    }

    template <typename E>
    E enumValue(const char* key, std::optional<E> (*parse)(const QString&), E fallback)
    {
        const QString text = string(key, false);
        if (!ok() || text.isEmpty())
            return fallback;
        const auto v = parse(text);
        if (!v) {
            fail(key, QStringLiteral("unknown value \"%1\"").arg(text));
            return fallback;
        }
        return *v;
    }

    void fail(const char* key, const QString& what) { fail(QString::fromLatin1(key), what); }
    // A problem inside the value of `key`: `where` continues the path (".origin[2]: …").
    void failAt(const char* key, const QString& where)
    {
        if (m_error.isEmpty())
            m_error = m_where + QLatin1Char('.') + QLatin1String(key) + where;
    }
    void fail(const QString& key, const QString& what)
    {
        if (!m_error.isEmpty())
            return;
        const QString path = key.isEmpty() ? m_where : m_where + QLatin1Char('.') + key;
        m_error = path + QStringLiteral(": ") + what;
    }

private:
    const Json& m_j;
    QString m_where;
    QString m_error;
};

bool isItemType(const QString& type)
{
    return type == QLatin1String("message") || type == QLatin1String("episode") || type == QLatin1String("fact");
}

} // namespace

QString canonicalId(const QString& text)
{
    const bool braced = text.size() == 38 && text.front() == QLatin1Char('{') && text.back() == QLatin1Char('}');
    if (text.size() != 36 && !braced)
        return {};
    const QStringView core = braced ? QStringView(text).mid(1, 36) : QStringView(text);
    for (qsizetype i = 0; i < core.size(); ++i) {
        const char16_t c = core.at(i).unicode();
        const bool dash = i == 8 || i == 13 || i == 18 || i == 23;
        const bool hex = (c >= u'0' && c <= u'9') || (c >= u'a' && c <= u'f') || (c >= u'A' && c <= u'F');
        if (dash ? c != u'-' : !hex)
            return {};
    }
    const QUuid uuid = QUuid::fromString(core);
    return uuid.isNull() ? QString() : uuid.toString(QUuid::WithoutBraces);
}

Json toJson(const Message& m)
{
    Json j = Json::object();
    j["id"] = s(m.id);
    j["conversation_id"] = s(m.conversationId);
    j["role"] = s(enumName(m.role));
    j["content"] = s(m.content);
    if (!m.modelContent.isEmpty())
        j["model_content"] = s(m.modelContent);
    j["window_state"] = s(enumName(m.windowState));
    j["status"] = s(enumName(m.status));
    j["pinned"] = m.pinned;
    j["created_at"] = s(toIso(m.createdAt));
    j["metadata"] = m.metadata;
    return j;
}

Json toJson(const Episode& e)
{
    Json j = Json::object();
    j["id"] = s(e.id);
    j["kind"] = s(enumName(e.kind));
    j["content"] = s(e.content);
    j["response"] = s(e.response);
    j["topic"] = s(e.topicKey);
    j["conversation_id"] = s(e.conversationId);
    j["status"] = s(enumName(e.status));
    j["pinned"] = e.pinned;
    j["importance"] = e.importance;
    j["access_count"] = e.accessCount;
    j["last_access_at"] = s(toIso(e.lastAccessAt));
    j["created_at"] = s(toIso(e.createdAt));
    j["updated_at"] = s(toIso(e.updatedAt));
    if (e.archivedAt.isValid())
        j["archived_at"] = s(toIso(e.archivedAt));
    j["metadata"] = e.metadata;
    return j;
}

Json toJson(const Fact& f)
{
    Json j = Json::object();
    j["id"] = s(f.id);
    j["subject"] = s(f.subject);
    j["predicate"] = s(f.predicate);
    j["object"] = s(f.object);
    j["confidence"] = f.confidence;
    j["status"] = s(enumName(f.status));
    j["source"] = s(enumName(f.source));
    j["conversation_id"] = s(f.conversationId);
    j["message_id"] = s(f.messageId);
    j["model"] = s(f.model);
    j["valid_from"] = s(toIso(f.validFrom));
    if (f.validTo.isValid())
        j["valid_to"] = s(toIso(f.validTo));
    if (!f.supersededBy.isEmpty())
        j["superseded_by"] = s(f.supersededBy);
    j["pinned"] = f.pinned;
    j["importance"] = f.importance;
    j["access_count"] = f.accessCount;
    j["last_access_at"] = s(toIso(f.lastAccessAt));
    j["created_at"] = s(toIso(f.createdAt));
    j["updated_at"] = s(toIso(f.updatedAt));
    j["metadata"] = f.metadata;
    return j;
}

Json toJson(const Event& e)
{
    Json j = Json::object();
    j["id"] = s(e.id);
    j["item_id"] = s(e.itemId);
    j["item_type"] = s(e.itemType);
    j["action"] = s(e.action);
    j["actor"] = s(enumName(e.actor));
    j["before"] = e.before;
    j["after"] = e.after;
    j["created_at"] = s(toIso(e.createdAt));
    j["undone"] = e.undone;
    if (!e.client.isEmpty())
        j["client"] = s(e.client);
    return j;
}

Json toJson(const Conversation& c)
{
    Json j = Json::object();
    j["id"] = s(c.id);
    j["title"] = s(c.title);
    j["created_at"] = s(toIso(c.createdAt));
    j["updated_at"] = s(toIso(c.updatedAt));
    return j;
}

Json toJson(const User& u)
{
    Json j = Json::object();
    j["id"] = s(u.id);
    j["display_name"] = s(u.displayName);
    j["created_at"] = s(toIso(u.createdAt));
    return j;
}

Result<Message> messageFromJson(const Json& j, const QString& where)
{
    Reader r(j, where);
    Message m;
    m.id = r.id("id", false);
    m.conversationId = r.id("conversation_id", false);
    m.role = r.enumValue("role", &roleFromString, Role::User);
    m.content = r.string("content", true);
    m.modelContent = r.string("model_content", false);
    m.windowState = r.enumValue("window_state", &windowStateFromString, WindowState::InWindow);
    m.status = r.enumValue("status", &messageStatusFromString, MessageStatus::Complete);
    m.pinned = r.boolean("pinned", false);
    m.createdAt = r.time("created_at", false);
    m.metadata = r.object("metadata");
    if (!r.ok())
        return r.error();
    return m;
}

Result<Episode> episodeFromJson(const Json& j, const QString& where)
{
    Reader r(j, where);
    Episode e;
    e.id = r.id("id", false);
    e.kind = r.enumValue("kind", &episodeKindFromString, EpisodeKind::Exchange);
    e.content = r.string("content", true);
    e.response = r.string("response", false);
    e.topicKey = r.string("topic", false);
    e.conversationId = r.id("conversation_id", false);
    e.status = r.enumValue("status", &itemStatusFromString, ItemStatus::Active);
    if (r.ok() && e.status != ItemStatus::Active && e.status != ItemStatus::Archived)
        r.fail(QStringLiteral("status"), QStringLiteral("an episode is either active or archived"));
    e.pinned = r.boolean("pinned", false);
    e.importance = r.number("importance", 0.5, 0.0, 1.0);
    e.accessCount = static_cast<int>(r.number("access_count", 0, 0, 1e9));
    e.createdAt = r.time("created_at", false);
    e.lastAccessAt = r.time("last_access_at", false, e.createdAt);
    e.updatedAt = r.time("updated_at", false, e.createdAt);
    e.archivedAt = r.time("archived_at", false);
    e.metadata = r.object("metadata");
    if (r.ok() && e.content.trimmed().isEmpty())
        r.fail(QStringLiteral("content"), QStringLiteral("is empty"));
    if (!r.ok())
        return r.error();
    return e;
}

Result<Fact> factFromJson(const Json& j, const QString& where)
{
    Reader r(j, where);
    Fact f;
    f.id = r.id("id", false);
    f.subject = r.string("subject", true);
    f.predicate = r.string("predicate", true);
    f.object = r.string("object", true);
    f.confidence = r.number("confidence", 1.0, 0.0, 1.0);
    f.status = r.enumValue("status", &itemStatusFromString, ItemStatus::Active);
    f.source = r.enumValue("source", &factSourceFromString, FactSource::Import);
    f.conversationId = r.id("conversation_id", false);
    f.messageId = r.id("message_id", false);
    f.model = r.string("model", false);
    f.createdAt = r.time("created_at", false);
    f.validFrom = r.time("valid_from", false, f.createdAt);
    f.validTo = r.time("valid_to", false);
    f.supersededBy = r.id("superseded_by", false);
    f.pinned = r.boolean("pinned", false);
    f.importance = r.number("importance", 0.5, 0.0, 1.0);
    f.accessCount = static_cast<int>(r.number("access_count", 0, 0, 1e9));
    f.lastAccessAt = r.time("last_access_at", false, f.createdAt);
    f.updatedAt = r.time("updated_at", false, f.createdAt);
    f.metadata = r.object("metadata");
    if (r.ok() && (f.subject.trimmed().isEmpty() || f.predicate.trimmed().isEmpty() || f.object.trimmed().isEmpty()))
        r.fail(f.subject.trimmed().isEmpty()
                   ? QStringLiteral("subject")
                   : (f.predicate.trimmed().isEmpty() ? QStringLiteral("predicate") : QStringLiteral("object")),
               QStringLiteral("is empty"));
    if (!r.ok())
        return r.error();
    return f;
}

Result<Event> eventFromJson(const Json& j, const QString& where)
{
    Reader r(j, where);
    Event e;
    e.id = r.id("id", false);
    e.itemType = r.string("item_type", true);
    // An item's events name it by its id; others (the user's) by what they are about, as written.
    e.itemId = isItemType(e.itemType) ? r.id("item_id", false) : r.string("item_id", false);
    e.action = r.string("action", true);
    e.actor = r.enumValue("actor", &actorFromString, Actor::System);
    e.before = r.any("before");
    e.after = r.any("after");
    e.createdAt = r.time("created_at", false);
    e.undone = r.boolean("undone", false);
    e.client = r.string("client", false);
    if (r.ok() && e.action.trimmed().isEmpty())
        r.fail(QStringLiteral("action"), QStringLiteral("is empty"));
    if (!r.ok())
        return r.error();
    return e;
}

Result<Conversation> conversationFromJson(const Json& j, const QString& where)
{
    Reader r(j, where);
    Conversation c;
    c.id = r.id("id", true);
    c.title = r.string("title", false);
    c.createdAt = r.time("created_at", false);
    c.updatedAt = r.time("updated_at", false, c.createdAt);
    if (!r.ok())
        return r.error();
    return c;
}

Result<User> userFromJson(const Json& j, const QString& where)
{
    Reader r(j, where);
    User u;
    u.id = r.string("id", false);
    u.displayName = r.string("display_name", false);
    u.createdAt = r.time("created_at", false);
    if (!r.ok())
        return r.error();
    return u;
}

} // namespace engram::itemjson
