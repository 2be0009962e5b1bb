#include "Datasets.h"

#include "CorpusGenerator.h"

#include "core/MemoryTypes.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>

#include <algorithm>

namespace engram::bench {
namespace {

Result<Json> readJson(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error{Error::Code::Io, QStringLiteral("Cannot read %1: %2").arg(path, file.errorString())};
    try {
        return Json::parse(file.readAll().toStdString());
    } catch (const nlohmann::json::exception& e) {
        return Error::invalid(QStringLiteral("%1 is not valid JSON: %2").arg(path, QString::fromUtf8(e.what())));
    }
}

QString text(const Json& j, const char* key)
{
    const auto it = j.find(key);
    return it != j.end() && it->is_string() ? QString::fromStdString(it->get<std::string>()) : QString();
}

// "2024年04月01日 周一 08:30"
QDateTime memDailyTime(const QString& s)
{
    static const QRegularExpression re(QStringLiteral("(\\d{4})年(\\d{1,2})月(\\d{1,2})日\\D*(\\d{1,2}):(\\d{2})"));
    const auto m = re.match(s);
    if (!m.hasMatch())
        return {};
    return QDateTime(QDate(m.captured(1).toInt(), m.captured(2).toInt(), m.captured(3).toInt()),
                     QTime(m.captured(4).toInt(), m.captured(5).toInt()), Qt::UTC);
}

// "29.12.2023, 22:42:04"
QDateTime realtalkTime(const QString& s)
{
    QDateTime t = QDateTime::fromString(s.trimmed(), QStringLiteral("dd.MM.yyyy, HH:mm:ss"));
    t.setTimeSpec(Qt::UTC);
    return t;
}

struct Trajectory
{
    QString type;
    QString name;
    QList<BenchItem> items;
    QList<BenchQuestion> questions;
};

Result<QList<Trajectory>> readMemDailyFile(const QString& path, const QString& type)
{
    auto doc = readJson(path);
    if (!doc)
        return doc.error();
    const QString file = QFileInfo(path).completeBaseName();
    QList<Trajectory> list;
    try {
        for (const Json& t : doc->get<std::vector<Json>>()) {
            Trajectory tr;
            tr.type = type;
            tr.name = QStringLiteral("%1#%2").arg(file).arg(t.value("tid", 0));
            for (const Json& m : t.at("message_list")) {
                const QString message = text(m, "message");
                tr.items.append(BenchItem{QStringLiteral("%1#%2").arg(tr.name).arg(m.value("mid", 0)), message,
                                          memDailyTime(text(m, "time")), tr.name, message});
            }
            for (const Json& q : t.at("question_list")) {
                BenchQuestion bq{text(q, "question"), memDailyTime(text(q, "time")), type, {}, {tr.name}, {}};
                for (const Json& id : q.at("target_step_id"))
                    bq.keys.insert(QStringLiteral("%1#%2").arg(tr.name).arg(id.get<int>()));
                if (!bq.keys.isEmpty())
                    tr.questions.append(bq);
            }
            list.append(tr);
        }
    } catch (const nlohmann::json::exception& e) {
        return Error::invalid(QStringLiteral("%1 is not a MemDaily file: %2").arg(path, QString::fromUtf8(e.what())));
    }
    return list;
}

void sortByTime(QList<BenchItem>& items)
{
    std::stable_sort(items.begin(), items.end(),
                     [](const BenchItem& a, const BenchItem& b) { return a.time < b.time; });
}

} // namespace

QStringList memDailyTypes()
{
    return {QStringLiteral("simple"),      QStringLiteral("conditional"),     QStringLiteral("comparative"),
            QStringLiteral("aggregative"), QStringLiteral("post_processing"), QStringLiteral("noisy")};
}

Result<QList<BenchStore>> loadMemDaily(const QString& dir, int padFactor, int sampleEvery)
{
    const QStringList files = QDir(dir).entryList({QStringLiteral("[0-9][0-9]_*.json")}, QDir::Files, QDir::Name);
    if (files.isEmpty())
        return Error{Error::Code::Io, QStringLiteral("No MemDaily files in %1").arg(dir)};
    QList<Trajectory> all;
    QList<qsizetype> sampled;
    for (const QString& f : files) {
        // "01_simple_events.json": the type is what lies between the number and the scenario.
        QString type = f.mid(3, f.lastIndexOf(QLatin1Char('_')) - 3);
        auto list = readMemDailyFile(QDir(dir).filePath(f), type);
        if (!list)
            return list.error();
        for (qsizetype i = 0; i < list->size(); ++i) {
            if (i % sampleEvery == 0)
                sampled.append(all.size());
            all.append(list->at(i));
        }
    }
    QList<BenchStore> stores;
    for (const qsizetype index : std::as_const(sampled)) {
        const Trajectory& own = all.at(index);
        if (own.questions.isEmpty())
            continue;
        BenchStore store{own.name, own.items, own.questions};
        SplitMix rng(0x5EEDULL * 1000003ULL + static_cast<quint64>(index));
        const qsizetype wanted = own.items.size() * padFactor;
        qsizetype added = 0;
        QSet<qsizetype> used;
        while (added < wanted) {
            const auto pick = static_cast<qsizetype>(rng.below(static_cast<int>(all.size())));
            const Trajectory& other = all.at(pick);
            if (other.type == own.type || used.contains(pick))
                continue;
            used.insert(pick);
            for (const BenchItem& item : other.items) {
                if (added == wanted)
                    break;
                store.items.append(item);
                ++added;
            }
        }
        sortByTime(store.items);
        stores.append(store);
    }
    return stores;
}

Result<QList<BenchStore>> loadRealtalk(const QString& dir)
{
    const QStringList files = QDir(dir).entryList({QStringLiteral("Chat_*.json")}, QDir::Files, QDir::Name);
    if (files.isEmpty())
        return Error{Error::Code::Io, QStringLiteral("No REALTALK files in %1").arg(dir)};
    static const QRegularExpression sessionKey(QStringLiteral("^session_\\d+$"));
    static const QRegularExpression range(QStringLiteral("^D(\\d+):(\\d+)-D(\\d+):(\\d+)$"));
    QList<BenchStore> stores;
    for (const QString& f : files) {
        auto doc = readJson(QDir(dir).filePath(f));
        if (!doc)
            return doc.error();
        BenchStore store;
        store.name = QFileInfo(f).completeBaseName();
        QHash<QString, QString> sessionOf;
        try {
            for (auto it = doc->begin(); it != doc->end(); ++it) {
                if (!sessionKey.match(QString::fromStdString(it.key())).hasMatch() || !it->is_array())
                    continue;
                for (const Json& turn : *it) {
                    const QString id = text(turn, "dia_id");
                    const QString session = id.section(QLatin1Char(':'), 0, 0);
                    const QString said = text(turn, "clean_text");
                    store.items.append(BenchItem{id, text(turn, "speaker") + QStringLiteral(": ") + said,
                                                 realtalkTime(text(turn, "date_time")), session, said});
                    sessionOf.insert(id, session);
                }
            }
            for (const Json& q : doc->at("qa")) {
                BenchQuestion bq{
                    text(q, "question"), {}, QStringLiteral("category %1").arg(q.value("category", 0)), {}, {}, {}};
                for (const Json& e : q.value("evidence", Json::array())) {
                    if (!e.is_string())
                        continue;
                    QString id = QString::fromStdString(e.get<std::string>()).trimmed();
                    QStringList ids{id};
                    if (const auto m = range.match(id); m.hasMatch() && m.captured(1) == m.captured(3)) {
                        ids.clear();
                        for (int t = m.captured(2).toInt(); t <= m.captured(4).toInt(); ++t)
                            ids.append(QStringLiteral("D%1:%2").arg(m.captured(1)).arg(t));
                    }
                    for (const QString& one : std::as_const(ids)) {
                        if (sessionOf.contains(one)) {
                            bq.keys.insert(one);
                            bq.groups.insert(sessionOf.value(one));
                        }
                    }
                }
                if (!bq.keys.isEmpty())
                    store.questions.append(bq);
            }
        } catch (const nlohmann::json::exception& e) {
            return Error::invalid(QStringLiteral("%1 is not a REALTALK file: %2").arg(f, QString::fromUtf8(e.what())));
        }
        sortByTime(store.items);
        // Asked the day after the chat ended.
        const QDateTime asked = store.items.isEmpty() ? QDateTime() : store.items.constLast().time.addDays(1);
        for (BenchQuestion& q : store.questions)
            q.time = asked;
        stores.append(store);
    }
    return stores;
}

BenchStore sessionsOf(const BenchStore& turns)
{
    BenchStore sessions;
    sessions.name = turns.name;
    QHash<QString, qsizetype> indexOf;
    for (const BenchItem& turn : turns.items) {
        const auto it = indexOf.constFind(turn.conversation);
        if (it == indexOf.constEnd()) {
            indexOf.insert(turn.conversation, sessions.items.size());
            sessions.items.append(BenchItem{turn.conversation, turn.text, turn.time, turn.conversation, turn.said});
        } else {
            sessions.items[*it].text += QLatin1Char('\n') + turn.text;
            sessions.items[*it].said += QLatin1Char('\n') + turn.said;
        }
    }
    for (BenchQuestion q : turns.questions) {
        q.keys = q.groups;
        sessions.questions.append(q);
    }
    return sessions;
}

QList<BenchStore> conversationalStores(const BenchStore& store, int turns)
{
    QHash<QString, qsizetype> position;
    for (qsizetype i = 0; i < store.items.size(); ++i)
        position.insert(store.items.at(i).key, i);
    QList<BenchStore> stores;
    for (const BenchQuestion& q : store.questions) {
        qsizetype first = store.items.size();
        for (const QString& key : q.keys)
            first = std::min(first, position.value(key, store.items.size()));
        if (first == store.items.size())
            continue;
        const QString conversation = store.items.at(first).conversation;
        const auto usable = [&](qsizetype i) {
            const BenchItem& item = store.items.at(i);
            return item.conversation == conversation && !q.keys.contains(item.key);
        };
        QList<qsizetype> picked; // nearest first
        for (qsizetype i = first - 1; i >= 0 && picked.size() < turns; --i) {
            if (usable(i))
                picked.append(i);
        }
        if (picked.isEmpty()) {
            for (qsizetype i = first + 1; i < store.items.size() && picked.size() < turns; ++i) {
                if (usable(i))
                    picked.append(i);
            }
        }
        if (picked.isEmpty())
            continue;
        std::sort(picked.begin(), picked.end());
        BenchStore one;
        one.name = store.name;
        BenchQuestion conversational = q;
        for (const qsizetype i : std::as_const(picked))
            conversational.dialogue.append(store.items.at(i).said);
        conversational.text = conversational.dialogue.join(QLatin1Char('\n'));
        one.questions.append(conversational);
        for (qsizetype i = 0; i < store.items.size(); ++i) {
            if (!picked.contains(i))
                one.items.append(store.items.at(i));
        }
        stores.append(one);
    }
    return stores;
}

} // namespace engram::bench
