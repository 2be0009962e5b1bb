#include "llm/FactOperations.h"

#include <QHash>
#include <QRegularExpression>

namespace engram {
namespace {

// Lower-cased, width-folded (NFKC), separators unified, so "Works At", "works-at" and "ｗｏｒｋｓ_ａｔ"
// all look alike.
QString normalisedKey(const QString& text)
{
    static const QRegularExpression separators(QStringLiteral("[\\s\\-_./]+"));
    QString key = text.normalized(QString::NormalizationForm_KC).toLower().trimmed();
    key.replace(separators, QStringLiteral("_"));
    while (key.startsWith(QLatin1Char('_')))
        key.remove(0, 1);
    while (key.endsWith(QLatin1Char('_')))
        key.chop(1);
    return key;
}

struct Synonyms
{
    QLatin1String canonical;
    std::initializer_list<const char16_t*> words;
};

// Keys are written already normalised (lower case, '_' between words).
const QHash<QString, QString>& synonymTable()
{
    static const QHash<QString, QString> table = [] {
        using namespace predicate;
        const Synonyms entries[] = {
            {kName, {u"name", u"full_name", u"nickname", u"called", u"名字", u"姓名", u"名称", u"称呼", u"昵称"}},
            {kJob,
             {u"job", u"occupation", u"profession", u"role", u"title", u"job_title", u"position", u"works_as", u"职业",
              u"工作", u"职位", u"岗位", u"身份"}},
            {kEmployer,
             {u"employer", u"company", u"works_at", u"work_at", u"works_for", u"workplace", u"organization",
              u"organisation", u"公司", u"单位", u"雇主", u"就职于", u"工作单位"}},
            {kProject,
             {u"project", u"projects", u"current_project", u"working_on", u"项目", u"当前项目", u"在做的项目"}},
            {kTechStack,
             {u"tech_stack", u"techstack", u"stack", u"uses", u"uses_tool", u"use", u"tools", u"tool", u"framework",
              u"frameworks", u"technology", u"technologies", u"tech", u"技术栈", u"技术", u"工具", u"框架", u"使用"}},
            {kLanguage, {u"language", u"programming_language", u"编程语言", u"开发语言", u"语言"}},
            {kLikes,
             {u"likes", u"like", u"preference", u"preferences", u"prefers", u"favorite", u"favourite", u"loves",
              u"hobby", u"hobbies", u"interest", u"interests", u"喜欢", u"偏好", u"爱好", u"喜好", u"兴趣"}},
            {kDislikes, {u"dislikes", u"dislike", u"hates", u"hate", u"不喜欢", u"讨厌", u"厌恶"}},
            {kLocation,
             {u"location", u"city", u"lives_in", u"based_in", u"home", u"residence", u"位置", u"城市", u"所在地",
              u"居住地", u"住址", u"所在城市"}},
            {kGoal, {u"goal", u"goals", u"aim", u"long_term_goal", u"目标", u"长期目标", u"理想"}},
            {kDecision, {u"decision", u"decisions", u"decided", u"决定", u"决策"}},
            {kNote, {u"note", u"notes", u"remember", u"memo", u"备注", u"笔记", u"记住", u"备忘"}},
        };
        QHash<QString, QString> t;
        for (const auto& e : entries) {
            for (const char16_t* w : e.words)
                t.insert(QString::fromUtf16(w), QString(e.canonical));
        }
        return t;
    }();
    return table;
}

} // namespace

void FactOperations::append(const FactOperations& other)
{
    for (const auto& f : other.facts) {
        if (!facts.contains(f))
            facts.append(f);
    }
    for (const auto& u : other.updates) {
        if (!updates.contains(u))
            updates.append(u);
    }
    for (const auto& d : other.deletes) {
        if (!deletes.contains(d))
            deletes.append(d);
    }
}

QString userSubject()
{
    return QStringLiteral("user");
}

QStringList canonicalPredicates()
{
    using namespace predicate;
    return {kName,  kJob,      kEmployer, kProject, kTechStack, kLanguage,
            kLikes, kDislikes, kLocation, kGoal,    kDecision,  kNote};
}

QString canonicalPredicate(const QString& predicate)
{
    const QString key = normalisedKey(predicate);
    return synonymTable().value(key, key);
}

bool isCanonicalPredicate(const QString& predicate)
{
    return canonicalPredicates().contains(predicate);
}

QString canonicalSubject(const QString& subject)
{
    static const QStringList userWords = {
        QStringLiteral("user"), QStringLiteral("the_user"), QStringLiteral("i"),
        QStringLiteral("me"),   QStringLiteral("myself"),   QStringLiteral("我"),
        QStringLiteral("用户"), QStringLiteral("本人"),     QStringLiteral("自己"),
    };
    if (userWords.contains(normalisedKey(subject)))
        return userSubject();
    return subject.simplified();
}

} // namespace engram
