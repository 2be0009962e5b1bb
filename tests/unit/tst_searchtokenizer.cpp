#include "core/SearchTokenizer.h"
#include "storage/Sql.h"

#include <QSqlDatabase>
#include <QTest>
#include <QUuid>

using namespace engram;

namespace {

QString u(const char* utf8)
{
    return QString::fromUtf8(utf8);
}

QStringList words(const char* spaceSeparatedUtf8)
{
    return u(spaceSeparatedUtf8).split(QLatin1Char(' '), Qt::SkipEmptyParts);
}

} // namespace

class TestSearchTokenizer final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void tokenize_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QStringList>("tokens");

        QTest::newRow("empty") << QString() << QStringList();
        QTest::newRow("only punctuation and space") << u("  !!! ... --- ，。！？【】 \n\t") << QStringList();
        QTest::newRow("english lower-cased and stemmed")
            << u("Deploying the Services TODAY") << words("deploy the servic today");
        QTest::newRow("chinese run: characters and bigrams") << u("接口限流") << words("接 接口 口 口限 限 限流 流");
        QTest::newRow("single chinese character") << u("好") << words("好");
        QTest::newRow("chinese punctuation splits runs") << u("你好，世界！") << words("你 你好 好 世 世界 界");
        QTest::newRow("mixed chinese, latin and digits")
            << u("API限流改成200次/分钟") << words("api 限 限流 流 流改 改 改成 成 200 次 分 分钟 钟");
        QTest::newRow("full-width letters and digits fold") << u("ＡＢＣ１２３ ＧＰＴ－４") << words("abc123 gpt 4");
        QTest::newRow("half-width katakana folds to full-width") << u("ｶﾀｶﾅ") << words("カ カタ タ タカ カ カナ ナ");
        QTest::newRow("japanese kana") << u("すし") << words("す すし し");
        QTest::newRow("korean hangul") << u("한국어") << words("한 한국 국 국어 어");
        QTest::newRow("traditional han folds to simplified") << u("臺灣記憶") << words("台 台湾 湾 湾记 记 记忆 忆");
        QTest::newRow("emoji are dropped and split words")
            << u("deploy🚀done 👍🏻好的") << words("deploy done 好 好的 的");
        QTest::newRow("emoji with variation selector") << u("ok❤️ok") << words("ok ok");
        QTest::newRow("ascii apostrophe joins a word") << u("don't can't") << words("dont cant");
        QTest::newRow("typographic apostrophe joins a word") << u("user’s notes") << words("user note");
        QTest::newRow("quote before a word is dropped") << u("'quoted' text") << words("quot text");
        QTest::newRow("hyphen, underscore, slash and dot split")
            << u("rate-limit snake_case a/b v2.0") << words("rate limit snake case a b v2 0");
        QTest::newRow("numbers stay whole and unstemmed")
            << u("13800138000 100ms 1990s") << words("13800138000 100ms 1990s");
        QTest::newRow("accented latin kept, composed") << u("Café Cafe\u0301 naïve") << words("café café naïve");
        QTest::newRow("combining vowel signs stay in their word") << u("ที่นี่ ok") << words("ที่นี่ ok");
        QTest::newRow("newlines and tabs are separators") << u("line one\nline\ttwo") << words("line one line two");
    }

    void tokenize()
    {
        QFETCH(QString, text);
        QFETCH(QStringList, tokens);
        QCOMPARE(SearchTokenizer::tokenize(text), tokens);
    }

    void stem_data()
    {
        QTest::addColumn<QString>("word");
        QTest::addColumn<QString>("expected");

        // The forms named in MEMORY.md.
        QTest::newRow("deploying") << u("deploying") << u("deploy");
        QTest::newRow("deployed") << u("deployed") << u("deploy");
        QTest::newRow("deploys") << u("deploys") << u("deploy");
        QTest::newRow("making") << u("making") << u("make");
        QTest::newRow("stories") << u("stories") << u("story");
        // Rules a reader can check by hand.
        QTest::newRow("plural s") << u("tests") << u("test");
        QTest::newRow("sibilant plural") << u("boxes") << u("box");
        QTest::newRow("-sses") << u("classes") << u("class");
        QTest::newRow("-ies after one letter") << u("ties") << u("tie");
        QTest::newRow("doubled consonant undone") << u("running") << u("run");
        QTest::newRow("short double kept") << u("added") << u("add");
        QTest::newRow("e restored after -ing") << u("hoping") << u("hope");
        QTest::newRow("no e after doubled consonant") << u("hopping") << u("hop");
        QTest::newRow("-us is not a plural") << u("status") << u("status");
        QTest::newRow("-ss is not a plural") << u("access") << u("access");
        QTest::newRow("s after a lone consonant cluster kept") << u("this") << u("this");
        QTest::newRow("no vowel before -ing") << u("string") << u("string");
        QTest::newRow("need is not agree") << u("need") << u("need");
        QTest::newRow("short words untouched") << u("was") << u("was");
        QTest::newRow("digits untouched") << u("100ms") << u("100ms");
        QTest::newRow("non-ascii untouched") << u("cafés") << u("cafés");
    }

    void stem()
    {
        QFETCH(QString, word);
        QFETCH(QString, expected);
        QCOMPARE(SearchTokenizer::stem(word), expected);
    }

    // What a user notices: any inflection finds the others.
    void formsMeet_data()
    {
        QTest::addColumn<QStringList>("forms");
        QTest::newRow("deploy") << words("deploy deploys deployed deploying");
        QTest::newRow("make") << words("make makes making");
        QTest::newRow("story") << words("story stories");
        QTest::newRow("release") << words("release releases released releasing");
        QTest::newRow("cache") << words("cache caches cached caching");
        QTest::newRow("use") << words("use uses used using");
        QTest::newRow("study") << words("study studies studied");
        QTest::newRow("try") << words("try tries tried");
        QTest::newRow("tie") << words("tie ties tied tying");
        QTest::newRow("movie") << words("movie movies");
        QTest::newRow("embed") << words("embed embeds embedding embeddings embedded");
        QTest::newRow("match") << words("match matches matched matching");
        QTest::newRow("stop") << words("stop stops stopped stopping");
        QTest::newRow("agree") << words("agree agrees agreed");
        QTest::newRow("change") << words("change changes changed changing");
        QTest::newRow("configure") << words("configure configured configuring");
        QTest::newRow("create") << words("create creates created creating");
        QTest::newRow("possessive") << u("user users user's users’").split(QLatin1Char(' '));
    }

    void formsMeet()
    {
        QFETCH(QStringList, forms);
        const QStringList first = SearchTokenizer::tokenize(forms.first());
        QCOMPARE(first.size(), 1);
        for (const QString& form : forms)
            QCOMPARE(SearchTokenizer::tokenize(form), first);
    }

    void formsStayApart_data()
    {
        QTest::addColumn<QString>("a");
        QTest::addColumn<QString>("b");
        QTest::newRow("hop/hope") << u("hopping") << u("hoping");
        QTest::newRow("new/news") << u("new") << u("news");
        QTest::newRow("gas/ga") << u("gas") << u("ga");
        QTest::newRow("add/ad") << u("added") << u("ad");
        QTest::newRow("deploy/deployment") << u("deploy") << u("deployment");
    }

    void formsStayApart()
    {
        QFETCH(QString, a);
        QFETCH(QString, b);
        QVERIFY(SearchTokenizer::tokenize(a) != SearchTokenizer::tokenize(b));
    }

    // Every token of the query is among the tokens of the document, so an AND search would hit too.
    void queryFoundInside_data()
    {
        QTest::addColumn<QString>("query");
        QTest::addColumn<QString>("document");
        QTest::newRow("chinese word inside a sentence") << u("限流") << u("接口限流改成200次");
        QTest::newRow("number beside chinese") << u("200次") << u("接口限流改成200次/分钟");
        QTest::newRow("english inflection") << u("deploy") << u("We are deploying the new build");
        QTest::newRow("full-width query, ascii text") << u("ＡＰＩ") << u("the api limit");
        QTest::newRow("ascii query, full-width text") << u("gpt4") << u("用ＧＰＴ４写的");
        QTest::newRow("plural query") << u("stories") << u("a user story");
        QTest::newRow("mixed query") << u("Redis 缓存") << u("我们把 redis 缓存的过期时间改成 30 分钟");
        QTest::newRow("japanese") << u("東京") << u("来月東京に行きます");
        QTest::newRow("traditional query, simplified text") << u("資料庫遷移") << u("我们下周做资料库迁移");
        QTest::newRow("simplified query, traditional text") << u("软体设计") << u("我在台北做軟體設計的工作");
    }

    void queryFoundInside()
    {
        QFETCH(QString, query);
        QFETCH(QString, document);
        const QStringList docTokens = SearchTokenizer::tokenize(document);
        const QStringList queryTokens = SearchTokenizer::tokenize(query);
        QVERIFY(!queryTokens.isEmpty());
        for (const QString& t : queryTokens)
            QVERIFY2(docTokens.contains(t), qPrintable(t));
    }

    void simplified_data()
    {
        QTest::addColumn<QString>("traditional");
        QTest::addColumn<QString>("simplified");
        QTest::newRow("first of the table") << u("㠏") << u("㟆");
        QTest::newRow("common") << u("國") << u("国");
        QTest::newRow("last of the table") << u("龜") << u("龟");
        QTest::newRow("already simplified") << u("国") << u("国");
        QTest::newRow("same in both") << u("人") << u("人");
        QTest::newRow("kana") << u("カ") << u("カ");
        QTest::newRow("latin") << u("a") << u("a");
        QTest::newRow("extension b, unchanged") << u("\U00020000") << u("\U00020000");
    }

    void simplified()
    {
        QFETCH(QString, traditional);
        QFETCH(QString, simplified);
        QCOMPARE(SearchTokenizer::simplified(traditional.toUcs4().constFirst()), simplified.toUcs4().constFirst());
    }

    void unrelatedChineseDoesNotShareTheBigram()
    {
        // "流量" shares the character 流 with "限流" but not the word: only the bigram tells them apart.
        const QStringList doc = SearchTokenizer::tokenize(u("今天流量很大"));
        QVERIFY(!doc.contains(u("限流")));
        QVERIFY(doc.contains(u("流量")));
    }

    void indexTextJoinsTokensWithSpaces()
    {
        QCOMPARE(SearchTokenizer::indexText(u("限流 Deploying")), u("限 限流 流 deploy"));
        QCOMPARE(SearchTokenizer::indexText(QString()), QString());
    }

    void matchExpression_data()
    {
        QTest::addColumn<QString>("query");
        QTest::addColumn<QString>("expression");
        QTest::newRow("chinese") << u("限流") << u(R"("限" OR "限流" OR "流")");
        QTest::newRow("fts5 keywords are quoted") << u("AND or NOT near") << u(R"("and" OR "or" OR "not" OR "near")");
        QTest::newRow("operators and column filters vanish")
            << u(R"(foo* body:bar "quoted" (x) -y ^z)")
            << u(R"("foo" OR "body" OR "bar" OR "quot" OR "x" OR "y" OR "z")");
        QTest::newRow("duplicates once") << u("test tests testing TEST") << u(R"("test")");
        QTest::newRow("nothing searchable") << u("?!… 🚀") << QString();
        QTest::newRow("empty") << QString() << QString();
    }

    void matchExpression()
    {
        QFETCH(QString, query);
        QFETCH(QString, expression);
        QCOMPARE(SearchTokenizer::matchExpression(query), expression);
    }

    void matchExpressionEscapesQuotesInTokens()
    {
        const QStringList tokens{u("a\"b"), QString(), u("c")};
        QCOMPARE(SearchTokenizer::matchExpression(tokens), u("\"a\"\"b\" OR \"c\""));
    }

    void isCjk_data()
    {
        QTest::addColumn<uint>("codePoint");
        QTest::addColumn<bool>("cjk");
        QTest::newRow("han") << uint(U'限') << true;
        QTest::newRow("extension b") << uint(0x20000) << true;
        QTest::newRow("hiragana") << uint(U'あ') << true;
        QTest::newRow("katakana") << uint(U'カ') << true;
        QTest::newRow("hangul") << uint(U'한') << true;
        QTest::newRow("latin") << uint(U'A') << false;
        QTest::newRow("digit") << uint(U'1') << false;
        QTest::newRow("full-width comma") << uint(U'，') << false;
        QTest::newRow("ideographic full stop") << uint(U'。') << false;
        QTest::newRow("emoji") << uint(0x1F680) << false;
    }

    void isCjk()
    {
        QFETCH(uint, codePoint);
        QFETCH(bool, cjk);
        QCOMPARE(SearchTokenizer::isCjk(static_cast<char32_t>(codePoint)), cjk);
    }

    // The tokens go through SQLite's unicode61 tokenizer as the stores use it: the expression
    // must parse and find what the user means, whatever the query contains.
    void findsThroughFts5()
    {
        const QString name = QUuid::createUuid().toString();
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
            db.setDatabaseName(QStringLiteral(":memory:"));
            QVERIFY(db.open());
            QVERIFY(sql::execute(db, QStringLiteral("CREATE VIRTUAL TABLE t USING fts5(body, "
                                                    "tokenize='unicode61 remove_diacritics 0')")));
            const QStringList docs{u("接口限流改成200次/分钟"), u("今天流量很大"),
                                   u("We are deploying the Redis cache"), u("ที่นี่ café")};
            for (const QString& d : docs) {
                QVERIFY(sql::execute(db, QStringLiteral("INSERT INTO t(body) VALUES (?)"),
                                     {SearchTokenizer::indexText(d)}));
            }
            auto best = [&](const QString& query) -> QVariant {
                auto r = sql::scalar(db, QStringLiteral("SELECT rowid FROM t WHERE t MATCH ? ORDER BY bm25(t) LIMIT 1"),
                                     {SearchTokenizer::matchExpression(query)});
                return r ? *r : QVariant(r.errorMessage());
            };
            QCOMPARE(best(u("限流")).toInt(), 1);
            QCOMPARE(best(u("流量")).toInt(), 2);
            QCOMPARE(best(u("deployed caches")).toInt(), 3);
            QCOMPARE(best(u("ที่นี่")).toInt(), 4);
            QCOMPARE(best(u("CAFÉ")).toInt(), 4);
            const QString hostile = u("NEAR(\"x\" AND) body: * OR");
            QCOMPARE(best(hostile).toString(), QString()); // parses, finds nothing
        }
        QSqlDatabase::removeDatabase(name);
    }
};

QTEST_GUILESS_MAIN(TestSearchTokenizer)
#include "tst_searchtokenizer.moc"
