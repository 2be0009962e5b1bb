#pragma once

#include <QList>
#include <QString>
#include <QStringList>

// The values every fact extractor (the rule extractor and the model's reply parser) produces: what
// to add, what to supersede and what to forget. Pure data, no storage.
//
// Subject: "user" for facts about the user, in either language ("我", "用户", "I", "the user" all
// become "user"). Other subjects are allowed (a named third party), but extractors rarely emit them.
//
// Predicates: a small canonical English vocabulary, so that "我的职业是…" and "I work as…" land on
// the same key and one supersedes the other. canonicalPredicate() maps common synonyms:
//   name        what the user is called              名字 姓名 称呼 full_name nickname
//   job         occupation or role                   职业 工作 职位 岗位 occupation profession role
//   employer    company or organisation worked for   公司 单位 雇主 company works_at organization
//   project     what the user is currently building  项目 current_project working_on
//   tech_stack  frameworks, tools, databases used    技术栈 技术 工具 uses uses_tool tools framework
//   language    main programming language            编程语言 programming_language
//   likes       preferences, things enjoyed          喜欢 偏好 爱好 preference prefers favorite hobby
//   dislikes    things avoided                       不喜欢 讨厌 dislike hates
//   location    city or country the user lives in    城市 所在地 居住地 city lives_in based_in
//   goal        long-term goals                      目标 长期目标 goals aim
//   decision    decisions the user has taken         决定 决策 decided
//   note        anything the user asked to remember  备注 笔记 记住 remember
// A predicate outside this list is kept in normalised form (lower case, words joined by '_').
namespace engram {

struct FactCandidate
{
    QString subject;
    QString predicate;
    QString object;
    double confidence{};

    bool operator==(const FactCandidate&) const = default;
};

// A request to forget the current value of (subject, predicate).
struct FactDelete
{
    QString subject;
    QString predicate;

    bool operator==(const FactDelete&) const = default;
};

// What one extraction wants done. `facts` are new values; `updates` explicitly replace a value the
// user had before ("我转做短视频了"). The store supersedes per key in both cases; the split tells
// the audit log and the panel why.
struct FactOperations
{
    QList<FactCandidate> facts;
    QList<FactCandidate> updates;
    QList<FactDelete> deletes;

    bool isEmpty() const { return facts.isEmpty() && updates.isEmpty() && deletes.isEmpty(); }
    qsizetype size() const { return facts.size() + updates.size() + deletes.size(); }
    // Appends other's operations, skipping any that are already present.
    void append(const FactOperations& other);
};

namespace predicate {
inline constexpr QLatin1String kName{"name"};
inline constexpr QLatin1String kJob{"job"};
inline constexpr QLatin1String kEmployer{"employer"};
inline constexpr QLatin1String kProject{"project"};
inline constexpr QLatin1String kTechStack{"tech_stack"};
inline constexpr QLatin1String kLanguage{"language"};
inline constexpr QLatin1String kLikes{"likes"};
inline constexpr QLatin1String kDislikes{"dislikes"};
inline constexpr QLatin1String kLocation{"location"};
inline constexpr QLatin1String kGoal{"goal"};
inline constexpr QLatin1String kDecision{"decision"};
inline constexpr QLatin1String kNote{"note"};
} // namespace predicate

// The subject used for facts about the user.
QString userSubject();

// The canonical vocabulary above, in that order.
QStringList canonicalPredicates();

// The canonical predicate for a synonym in either language ("职业" -> "job", "Works At" ->
// "employer"); an unknown predicate comes back normalised ("Favourite Food" -> "favourite_food");
// empty in, empty out. Case- and width-insensitive.
QString canonicalPredicate(const QString& predicate);

bool isCanonicalPredicate(const QString& predicate);

// "user" for the ways a model or a person refers to the user (我, 用户, I, me, the user, …);
// anything else trimmed with inner whitespace simplified.
QString canonicalSubject(const QString& subject);

} // namespace engram
