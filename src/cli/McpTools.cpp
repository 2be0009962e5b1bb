#include "McpTools.h"

#include "Endpoint.h"
#include "Format.h"
#include "McpAccess.h"
#include "McpServer.h"
#include "llm/RuleExtractor.h"
#include "memory/FactApplier.h"
#include "memory/JobRunner.h"
#include "memory/MemoryService.h"

#include <QEventLoop>
#include <QTimer>

namespace engram::cli {

namespace {

constexpr int kMaxResults = 20;
constexpr int kDefaultResults = 5;
constexpr int kProfilePage = 100;
constexpr qsizetype kMaxTextInResult = 600; // a result is a pointer to a memory, not all of it
constexpr qsizetype kMaxQuery = 2000;
constexpr qsizetype kMaxField = 4000;
constexpr qsizetype kMaxNote = 8000;
// How long remember waits for the model's extraction before leaving it to the app's job runner.
constexpr int kExtractionWaitMs = 25000;

const char* outcomeName(SemanticMemory::Outcome outcome)
{
    static const char* const kOutcomes[] = {"created", "superseded", "reinforced", "pending", "weakened", "confirmed"};
    return kOutcomes[static_cast<int>(outcome)];
}

std::string s(const QString& text)
{
    return text.toStdString();
}

// A string argument, trimmed; `present` says whether it was given as a string at all.
QString text(const Json& arguments, const char* key, bool* present = nullptr)
{
    const auto it = arguments.find(key);
    const bool ok = it != arguments.end() && it->is_string();
    if (present)
        *present = ok;
    return ok ? QString::fromStdString(it->get<std::string>()).trimmed() : QString();
}

QString shortened(const QString& value)
{
    return value.size() > kMaxTextInResult ? value.left(kMaxTextInResult - 1) + QChar(0x2026) : value;
}

Json stringProperty(const char* description, int maxLength = kMaxField)
{
    return {{"type", "string"}, {"description", description}, {"minLength", 1}, {"maxLength", maxLength}};
}

Json objectSchema(Json properties, Json required)
{
    return {{"type", "object"},
            {"properties", std::move(properties)},
            {"required", std::move(required)},
            {"additionalProperties", false}};
}

Json factJson(const Fact& f)
{
    Json j{{"id", s(f.id)},
           {"subject", s(f.subject)},
           {"predicate", s(f.predicate)},
           {"object", s(f.object)},
           {"status", s(enumName(f.status))},
           {"confidence", f.confidence},
           {"pinned", f.pinned},
           {"source",
            s(MemoryItem::fromFact(f).origin() == ItemOrigin::Tool ? QStringLiteral("tool") : enumName(f.source))}};
    if (const auto client = f.metadata.find("client"); client != f.metadata.end() && client->is_string())
        j["client"] = *client;
    return j;
}

const Json kFactSchema = {{"type", "object"},
                          {"properties",
                           {{"id", {{"type", "string"}}},
                            {"subject", {{"type", "string"}}},
                            {"predicate", {{"type", "string"}}},
                            {"object", {{"type", "string"}}},
                            {"status", {{"type", "string"}}},
                            {"confidence", {{"type", "number"}}},
                            {"pinned", {{"type", "boolean"}}},
                            {"source", {{"type", "string"}}},
                            {"client", {{"type", "string"}}}}},
                          {"required", {"id", "subject", "predicate", "object", "status"}}};

// One search_memory result: a pointer to a memory, not all of it.
const Json kResultSchema = {{"type", "object"},
                            {"properties",
                             {{"id", {{"type", "string"}}},
                              {"tier", {{"type", "string"}, {"enum", {"episodic", "semantic", "working", "archive"}}}},
                              {"kind", {{"type", "string"}}},
                              {"text", {{"type", "string"}}},
                              {"created_at", {{"type", "string"}}},
                              {"score", {{"type", "number"}}}}},
                            {"required", {"id", "tier", "kind", "text", "created_at"}}};

// The current facts (active and pending), from `offset`; next_offset when more follow.
std::optional<Json> profile(MemoryService& memory, const QString& userId, int offset, QString& error)
{
    auto facts = memory.currentFacts(userId);
    if (!facts) {
        error = facts.errorMessage();
        return std::nullopt;
    }
    Json list = Json::array();
    for (qsizetype i = offset; i < facts->size() && list.size() < std::size_t(kProfilePage); ++i)
        list.push_back(factJson(facts->at(i)));
    Json result{{"facts", list}, {"total", facts->size()}};
    if (offset + qsizetype(list.size()) < facts->size())
        result["next_offset"] = offset + qsizetype(list.size());
    return result;
}

std::optional<Json> memoryItem(MemoryService& memory, const QString& userId, const QString& id, QString& error)
{
    auto item = memory.item(userId, id);
    if (!item) {
        error = QStringLiteral("No memory has the id \"%1\". search_memory and get_profile give the ids.").arg(id);
        return std::nullopt;
    }
    Json history = Json::array();
    if (auto entries = memory.history(userId, id)) {
        for (const HistoryEntry& e : *entries)
            history.push_back(historyJson(e));
    }
    return Json{{"item", item->toJson()}, {"history", history}};
}

// What remember learnt from a note: the rule extractor's facts at once, the model's when it
// answers in time (else its job waits in the queue for the app).
std::optional<Json> rememberNote(const McpMemory& m, const QString& note, bool confirm, QString& error)
{
    Json facts = Json::array();
    const auto add = [&facts](const AppliedFacts& applied) {
        for (const AppliedFacts::Change& c : applied.changes)
            facts.push_back({{"outcome", outcomeName(c.outcome)},
                             {"id", s(c.factId)},
                             {"subject", s(c.subject)},
                             {"predicate", s(c.predicate)},
                             {"object", s(c.object)}});
    };
    FactApplier::Provenance rules;
    rules.source = FactSource::UserInput;
    rules.client = m.access.clientLabel();
    rules.needsConfirmation = confirm;
    const QString said = m.memory.redact(m.userId, note); // what neither the rules nor the model may see
    auto stated = FactApplier::apply(m.memory, m.userId, RuleExtractor::extract(said), rules);
    if (!stated) {
        error = stated.errorMessage();
        return std::nullopt;
    }
    add(*stated);
    Json result{{"facts", facts}, {"queued", false}};
    if (!m.model)
        return result; // no model set in Engram: what the rules found is all
    JobRunner runner(m.memory, *m.model);
    auto key = runner.enqueueNote(m.userId, said, m.access.clientLabel(), confirm);
    if (!key) {
        error = key.errorMessage();
        return std::nullopt;
    }
    QEventLoop loop;
    bool finished = false;
    QString problem;
    QObject::connect(&runner, &JobRunner::factsLearned, &loop,
                     [&add](const QString&, const AppliedFacts& applied) { add(applied); });
    QObject::connect(&runner, &JobRunner::jobFinished, &loop,
                     [&](const QString&, const QString&, bool ok, const QString& message) {
                         finished = ok;
                         if (!ok)
                             problem = message;
                         loop.quit();
                     });
    QTimer::singleShot(kExtractionWaitMs, &loop, &QEventLoop::quit);
    if (runner.runNow(*key))
        loop.exec();
    if (!finished) {
        runner.giveBack();
        result["queued"] = true;
        result["note"] = s(QStringLiteral("The model did not extract facts yet (%1); Engram will do it when the "
                                          "model answers.")
                               .arg(problem.isEmpty() ? QStringLiteral("no answer in time") : problem));
    }
    result["facts"] = facts;
    return result;
}

// remember, remember_fact, forget and forget_fact: what --read-only leaves out.
void addWritingTools(McpServer& server, const McpMemory& m)
{
    server.addTool(
        {QStringLiteral("remember"),
         QStringLiteral("Remember what the user said"),
         QStringLiteral("Gives Engram something the user said or asked to keep, in their words or yours "
                        "(\"I moved to Berlin\", \"用户在杭州做短视频\"). Engram finds the stable facts in it as a "
                        "chat turn does: new values replace old ones (kept in the history), a value the user set "
                        "by hand wins, uncertain ones wait for the user, secrets are never stored. Returns the "
                        "facts it remembered."),
         objectSchema({{"text", stringProperty("What to remember, in any language", kMaxNote)}}, {"text"}),
         {{"type", "object"},
          {"properties",
           {{"facts",
             {{"type", "array"},
              {"items",
               {{"type", "object"},
                {"properties",
                 {{"outcome", {{"type", "string"}}},
                  {"id", {{"type", "string"}}},
                  {"subject", {{"type", "string"}}},
                  {"predicate", {{"type", "string"}}},
                  {"object", {{"type", "string"}}}}},
                {"required", {"outcome", "id", "subject", "predicate", "object"}}}}}},
            {"queued", {{"type", "boolean"}}},
            {"note", {{"type", "string"}}}}},
          {"required", {"facts", "queued"}}},
         false,
         false,
         [m](const Json& arguments, QString& error) -> std::optional<Json> {
             const QString note = text(arguments, "text");
             if (note.isEmpty() || note.size() > kMaxNote) {
                 error = QStringLiteral("Give \"text\": what to remember (1 to %1 characters).").arg(kMaxNote);
                 return std::nullopt;
             }
             const auto write = m.access.allowWrite();
             if (error = write.refusal; !error.isEmpty())
                 return std::nullopt;
             return rememberNote(m, note, write.needsConfirmation, error);
         }});

    server.addTool(
        {QStringLiteral("remember_fact"),
         QStringLiteral("Remember a fact"),
         QStringLiteral("Remembers one stable fact about the user as subject, predicate and object, e.g. "
                        "(user, employer, Acme) or (user, 城市, 杭州). A new value of the same subject and "
                        "predicate replaces the old one, which stays in the history; a value the user set by hand "
                        "wins, and an uncertain one waits for the user's confirmation. Secrets are never stored."),
         objectSchema({{"subject", stringProperty("Whom the fact is about (default \"user\")", 200)},
                       {"predicate", stringProperty("What kind of fact: employer, city, project, likes…", 200)},
                       {"object", stringProperty("Its value")},
                       {"confidence",
                        {{"type", "number"},
                         {"minimum", 0},
                         {"maximum", 1},
                         {"description", "How sure (default 0.9); below 0.6 it waits for the user"}}}},
                      {"predicate", "object"}),
         {{"type", "object"},
          {"properties", {{"outcome", {{"type", "string"}}}, {"fact", kFactSchema}}},
          {"required", {"outcome", "fact"}}},
         false,
         false,
         [m](const Json& arguments, QString& error) -> std::optional<Json> {
             FactInput input;
             bool hasSubject = false;
             input.subject = text(arguments, "subject", &hasSubject);
             if (!hasSubject)
                 input.subject = QStringLiteral("user");
             input.predicate = text(arguments, "predicate");
             input.object = text(arguments, "object");
             if (input.subject.isEmpty() || input.predicate.isEmpty() || input.object.isEmpty() ||
                 input.predicate.size() > 200 || input.subject.size() > 200 || input.object.size() > kMaxField) {
                 error = QStringLiteral("Give \"predicate\" and \"object\" (and optionally \"subject\"), each "
                                        "non-empty text.");
                 return std::nullopt;
             }
             input.confidence = 0.9;
             if (const auto c = arguments.find("confidence"); c != arguments.end()) {
                 if (!c->is_number() || c->get<double>() < 0 || c->get<double>() > 1) {
                     error = QStringLiteral("\"confidence\" is a number from 0 to 1.");
                     return std::nullopt;
                 }
                 input.confidence = c->get<double>();
             }
             const auto write = m.access.allowWrite();
             if (error = write.refusal; !error.isEmpty())
                 return std::nullopt;
             input.source = FactSource::LlmExtract;
             input.client = m.access.clientLabel();
             input.needsConfirmation = write.needsConfirmation;
             auto change = m.memory.rememberFact(m.userId, input, Actor::Assistant);
             if (!change) {
                 error = change.errorMessage();
                 return std::nullopt;
             }
             return Json{{"outcome", outcomeName(change->outcome)}, {"fact", factJson(change->fact)}};
         }});

    server.addTool(
        {QStringLiteral("forget"),
         QStringLiteral("Forget a memory"),
         QStringLiteral("Deletes one memory by its id (from search_memory or get_profile). The user "
                        "can bring it back with Undo in Engram."),
         objectSchema({{"id", stringProperty("The memory's id", 100)}}, {"id"}),
         {{"type", "object"}, {"properties", {{"forgotten", {{"type", "string"}}}}}, {"required", {"forgotten"}}},
         false,
         true,
         [m](const Json& arguments, QString& error) -> std::optional<Json> {
             const QString id = text(arguments, "id");
             if (id.isEmpty()) {
                 error = QStringLiteral("Give \"id\": the id of the memory to forget.");
                 return std::nullopt;
             }
             if (error = m.access.allowWrite(true).refusal; !error.isEmpty())
                 return std::nullopt;
             if (auto st = m.memory.remove(m.userId, id); !st) {
                 error = st.error().code == Error::Code::NotFound
                             ? QStringLiteral("No memory has the id \"%1\".").arg(id)
                             : st.errorMessage();
                 return std::nullopt;
             }
             return Json{{"forgotten", s(id)}};
         }});

    server.addTool(
        {QStringLiteral("forget_fact"),
         QStringLiteral("Forget a fact"),
         QStringLiteral("Forgets the current value of a fact about the user by its subject and "
                        "predicate, e.g. (user, employer)."),
         objectSchema({{"subject", stringProperty("Whom the fact is about (default \"user\")", 200)},
                       {"predicate", stringProperty("Which fact", 200)}},
                      {"predicate"}),
         {{"type", "object"}, {"properties", {{"forgotten", {{"type", "boolean"}}}}}, {"required", {"forgotten"}}},
         false,
         true,
         [m](const Json& arguments, QString& error) -> std::optional<Json> {
             bool hasSubject = false;
             QString subject = text(arguments, "subject", &hasSubject);
             if (!hasSubject)
                 subject = QStringLiteral("user");
             const QString predicate = text(arguments, "predicate");
             if (subject.isEmpty() || predicate.isEmpty()) {
                 error = QStringLiteral("Give \"predicate\" (and optionally \"subject\").");
                 return std::nullopt;
             }
             if (error = m.access.allowWrite(true).refusal; !error.isEmpty())
                 return std::nullopt;
             auto forgotten = m.memory.forgetFact(m.userId, subject, predicate);
             if (!forgotten) {
                 error = forgotten.errorMessage();
                 return std::nullopt;
             }
             return Json{{"forgotten", *forgotten}};
         }});
}

} // namespace

void addMemoryTools(McpServer& server, const McpMemory& m, bool readOnly)
{
    server.addTool(
        {QStringLiteral("search_memory"),
         QStringLiteral("Search memory"),
         QStringLiteral("Finds what the user's memory holds about a query, in any language (Chinese included): "
                        "facts about the user and past exchanges, best first. Returns short results with ids; "
                        "get_memory gives one in full."),
         objectSchema({{"query", stringProperty("What to look for, in words", kMaxQuery)},
                       {"limit",
                        {{"type", "integer"},
                         {"minimum", 1},
                         {"maximum", kMaxResults},
                         {"description", "How many results (default 5, at most 20)"}}},
                       {"tier",
                        {{"type", "string"},
                         {"enum", {"episodic", "semantic"}},
                         {"description", "Only past exchanges (episodic) or only facts (semantic)"}}}},
                      {"query"}),
         {{"type", "object"},
          {"properties", {{"results", {{"type", "array"}, {"items", kResultSchema}}}}},
          {"required", {"results"}}},
         true,
         false,
         [m](const Json& arguments, QString& error) -> std::optional<Json> {
             const QString query = text(arguments, "query");
             if (query.isEmpty() || query.size() > kMaxQuery) {
                 error = QStringLiteral("Give \"query\": the words to look for (1 to %1 characters).").arg(kMaxQuery);
                 return std::nullopt;
             }
             SearchOptions options;
             options.limit = kDefaultResults;
             if (const auto limit = arguments.find("limit"); limit != arguments.end()) {
                 if (!limit->is_number_integer() || limit->get<int>() < 1 || limit->get<int>() > kMaxResults) {
                     error = QStringLiteral("\"limit\" is a whole number from 1 to %1.").arg(kMaxResults);
                     return std::nullopt;
                 }
                 options.limit = limit->get<int>();
             }
             bool hasTier = false;
             const QString tier = text(arguments, "tier", &hasTier);
             if (hasTier && tier != QLatin1String("episodic") && tier != QLatin1String("semantic")) {
                 error = QStringLiteral("\"tier\" is \"episodic\" or \"semantic\".");
                 return std::nullopt;
             }
             if (hasTier) {
                 options.episodes = tier == QLatin1String("episodic");
                 options.facts = tier == QLatin1String("semantic");
             }
             if (error = m.access.allowRead(); !error.isEmpty())
                 return std::nullopt;
             if (m.embedder && m.embedder->enabled()) {
                 QString why;
                 options.queryVector = m.embedder->embed(query, &why);
                 if (!options.queryVector)
                     qWarning("search_memory by keywords only: the query could not be embedded (%s)", qPrintable(why));
             }
             auto found = m.memory.search(m.userId, query, options);
             if (!found) {
                 error = found.errorMessage();
                 return std::nullopt;
             }
             Json results = Json::array();
             for (const MemoryItem& item : *found) {
                 Json r{{"id", s(item.id)},
                        {"tier", s(enumName(item.tier))},
                        {"kind", s(item.kind)},
                        {"text", s(shortened(item.content))},
                        {"created_at", s(item.createdAt.toString(Qt::ISODate))}};
                 if (item.score)
                     r["score"] = *item.score;
                 results.push_back(std::move(r));
             }
             return Json{{"results", results}};
         }});

    server.addTool({QStringLiteral("get_profile"),
                    QStringLiteral("Get the user's profile"),
                    QStringLiteral("The facts currently remembered about the user (subject, predicate, object), "
                                   "including those waiting for the user's confirmation (status \"pending\"). "
                                   "Paged: pass next_offset back as offset for more."),
                    objectSchema({{"offset", {{"type", "integer"}, {"minimum", 0}}}}, Json::array()),
                    {{"type", "object"},
                     {"properties",
                      {{"facts", {{"type", "array"}, {"items", kFactSchema}}},
                       {"total", {{"type", "integer"}}},
                       {"next_offset", {{"type", "integer"}}}}},
                     {"required", {"facts", "total"}}},
                    true,
                    false,
                    [m](const Json& arguments, QString& error) -> std::optional<Json> {
                        int offset = 0;
                        if (const auto o = arguments.find("offset"); o != arguments.end()) {
                            if (!o->is_number_integer() || o->get<int>() < 0) {
                                error = QStringLiteral("\"offset\" is a whole number, 0 or more.");
                                return std::nullopt;
                            }
                            offset = o->get<int>();
                        }
                        if (error = m.access.allowRead(); !error.isEmpty())
                            return std::nullopt;
                        return profile(m.memory, m.userId, offset, error);
                    }});

    if (!readOnly)
        addWritingTools(server, m);

    server.addTool({QStringLiteral("get_memory"),
                    QStringLiteral("Get one memory"),
                    QStringLiteral("One memory in full by its id, with its history (created, replaced, edited…)."),
                    objectSchema({{"id", stringProperty("The memory's id", 100)}}, {"id"}),
                    {{"type", "object"},
                     {"properties",
                      {{"item",
                        {{"type", "object"},
                         {"properties",
                          {{"id", {{"type", "string"}}},
                           {"tier", {{"type", "string"}}},
                           {"kind", {{"type", "string"}}},
                           {"content", {{"type", "string"}}}}},
                         {"required", {"id", "tier", "kind", "content"}}}},
                       {"history",
                        {{"type", "array"},
                         {"items",
                          {{"type", "object"},
                           {"properties",
                            {{"time", {{"type", "string"}}},
                             {"action", {{"type", "string"}}},
                             {"actor", {{"type", "string"}}},
                             {"client", {{"type", "string"}}},
                             {"item_id", {{"type", "string"}}}}},
                           {"required", {"time", "action", "actor"}}}}}}}},
                     {"required", {"item", "history"}}},
                    true,
                    false,
                    [m](const Json& arguments, QString& error) -> std::optional<Json> {
                        const QString id = text(arguments, "id");
                        if (id.isEmpty()) {
                            error = QStringLiteral("Give \"id\": the id of the memory.");
                            return std::nullopt;
                        }
                        if (error = m.access.allowRead(); !error.isEmpty())
                            return std::nullopt;
                        return memoryItem(m.memory, m.userId, id, error);
                    }});

    server.addResource({QStringLiteral("engram://profile"), QStringLiteral("profile"),
                        QStringLiteral("The facts currently remembered about the user"), QString(),
                        [m](const QString&, QString& error) -> std::optional<QString> {
                            if (error = m.access.allowRead(); !error.isEmpty())
                                return std::nullopt;
                            auto result = profile(m.memory, m.userId, 0, error);
                            if (!result)
                                return std::nullopt;
                            return QString::fromStdString(result->dump(-1, ' ', false, Json::error_handler_t::replace));
                        }});
    server.addResource({QStringLiteral("engram://memory/{id}"), QStringLiteral("memory"),
                        QStringLiteral("One memory by its id, with its history"), QStringLiteral("engram://memory/"),
                        [m](const QString& uri, QString& error) -> std::optional<QString> {
                            if (error = m.access.allowRead(); !error.isEmpty())
                                return std::nullopt;
                            const QString id = uri.mid(QStringLiteral("engram://memory/").size());
                            auto result = memoryItem(m.memory, m.userId, id, error);
                            if (!result)
                                return std::nullopt;
                            return QString::fromStdString(result->dump(-1, ' ', false, Json::error_handler_t::replace));
                        }});
}

} // namespace engram::cli
