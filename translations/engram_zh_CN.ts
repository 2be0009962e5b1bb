<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AppStartup</name>
    <message>
        <source>A desktop assistant that remembers you across conversations.</source>
        <translation>一个能跨对话记住你的桌面助手。</translation>
    </message>
    <message>
        <source>Use the memory database at &lt;path&gt;.</source>
        <translation>使用位于 &lt;path&gt; 的记忆数据库。</translation>
    </message>
    <message>
        <source>path</source>
        <translation>路径</translation>
    </message>
    <message>
        <source>Engram cannot start</source>
        <translation>Engram 无法启动</translation>
    </message>
    <message>
        <source>The memory database could not be opened:
%1</source>
        <translation>无法打开记忆数据库：
%1</translation>
    </message>
    <message>
        <source>Engram has not changed the file. Move it aside to start with an empty memory, or start Engram with --db and the path of another file.</source>
        <translation>Engram 没有改动这个文件。把它移到别处即可从空白记忆开始，或者用 --db 加另一个文件的路径来启动 Engram。</translation>
    </message>
    <message>
        <source>The memory file is damaged</source>
        <translation>记忆文件已损坏</translation>
    </message>
    <message>
        <source>Engram found the memory file damaged or unreadable, so it did not write into it. The file was moved aside as:
%1

SQLite says: %2</source>
        <translation>Engram 发现记忆文件已损坏或无法读取，因此没有写入它。该文件已移到一旁，现名为：
%1

SQLite 的报告：%2</translation>
    </message>
    <message numerus="yes">
        <source>The newest good backup is from %1 (%Ln fact(s)).</source>
        <translation>
            <numerusform>最新的完好备份来自 %1（%Ln 条事实）。</numerusform>
        </translation>
    </message>
    <message>
        <source>Restore the newest good backup</source>
        <translation>恢复最新的完好备份</translation>
    </message>
    <message>
        <source>There is no good backup to restore.</source>
        <translation>没有可恢复的完好备份。</translation>
    </message>
    <message>
        <source>Start with an empty memory</source>
        <translation>以空白记忆开始</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>退出</translation>
    </message>
    <message>
        <source>The backup could not be restored:
%1</source>
        <translation>无法恢复备份：
%1</translation>
    </message>
    <message>
        <source>The memory on the server %1 could not be opened:
%2

Engram did not switch to the memory file on this computer. Check that the server is running and that its address and password are right. To use the file instead, start Engram once with --db %3 and choose “On this computer” in Settings → Memory Storage.</source>
        <translation>无法打开服务器 %1 上的记忆：
%2

Engram 没有改用这台电脑上的记忆文件。请确认服务器正在运行，地址和密码也都正确。如果想改用文件，请用 --db %3 启动一次 Engram，再到“设置 → 记忆存储”中选择“在这台电脑上”。</translation>
    </message>
</context>
<context>
    <name>EndpointProbe</name>
    <message numerus="yes">
        <source>Connected: %Ln model(s) available.</source>
        <translation>
            <numerusform>已连接：有 %Ln 个模型可用。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>FactLabels</name>
    <message>
        <source>Name</source>
        <translation>名字</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>职业</translation>
    </message>
    <message>
        <source>Employer</source>
        <translation>公司</translation>
    </message>
    <message>
        <source>Project</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>Tech stack</source>
        <translation>技术栈</translation>
    </message>
    <message>
        <source>Programming language</source>
        <translation>编程语言</translation>
    </message>
    <message>
        <source>Likes</source>
        <translation>喜欢</translation>
    </message>
    <message>
        <source>Dislikes</source>
        <translation>不喜欢</translation>
    </message>
    <message>
        <source>Lives in</source>
        <translation>所在地</translation>
    </message>
    <message>
        <source>Goal</source>
        <translation>目标</translation>
    </message>
    <message>
        <source>Decision</source>
        <translation>决定</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>Deploys with</source>
        <translation>部署方式</translation>
    </message>
    <message>
        <source>Birthday</source>
        <translation>生日</translation>
    </message>
    <message>
        <source>Age</source>
        <translation>年龄</translation>
    </message>
    <message>
        <source>Pet</source>
        <translation>宠物</translation>
    </message>
    <message>
        <source>Partner</source>
        <translation>伴侣</translation>
    </message>
    <message>
        <source>Time zone</source>
        <translation>时区</translation>
    </message>
    <message>
        <source>Me</source>
        <translation>我</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
</context>
<context>
    <name>LlmError</name>
    <message numerus="yes">
        <source>No connection within %n second(s).</source>
        <translation>
            <numerusform>%n 秒内未能建立连接。</numerusform>
        </translation>
    </message>
    <message>
        <source>The stream held no text.</source>
        <translation>数据流中没有任何文字。</translation>
    </message>
    <message>
        <source>Embeddings are off. Choose an embedding model in the model settings to use them.</source>
        <translation>向量嵌入已关闭。要使用它，请在模型设置中选择一个向量模型。</translation>
    </message>
    <message>
        <source>The address is not an http:// or https:// URL.</source>
        <translation>这个地址不是以 http:// 或 https:// 开头的网址。</translation>
    </message>
    <message>
        <source>The model server at %1 refused the API key. Check the key in the model settings.</source>
        <translation>位于 %1 的模型服务拒绝了这个 API 密钥。请在模型设置中检查密钥。</translation>
    </message>
    <message>
        <source>The model server at %1 has no model called “%2”. Choose one of its models in the model settings.</source>
        <translation>位于 %1 的模型服务没有名为“%2”的模型。请在模型设置中选择它提供的模型。</translation>
    </message>
    <message>
        <source>The model server at %1 does not know the model “%2”, or the address is not an OpenAI-compatible API (it usually ends in /v1).</source>
        <translation>位于 %1 的模型服务不认识模型“%2”，或者这个地址不是兼容 OpenAI 的 API（通常以 /v1 结尾）。</translation>
    </message>
    <message>
        <source>Your account at %1 has no quota left. Check your plan or billing with the provider.</source>
        <translation>你在 %1 的账户已没有剩余额度。请向服务商查看套餐或账单。</translation>
    </message>
    <message>
        <source>The model server at %1 is receiving too many requests. Wait a moment and try again.</source>
        <translation>位于 %1 的模型服务收到的请求过多。请稍等片刻再试。</translation>
    </message>
    <message>
        <source>The model server at %1 took too long to read the request. Try again.</source>
        <translation>位于 %1 的模型服务读取请求超时。请重试。</translation>
    </message>
    <message>
        <source>The model server at %1 had an internal problem (HTTP %2). Try again later.</source>
        <translation>位于 %1 的模型服务出现内部问题（HTTP %2）。请稍后再试。</translation>
    </message>
    <message>
        <source>The model server at %1 refused the request (HTTP %2).</source>
        <translation>位于 %1 的模型服务拒绝了请求（HTTP %2）。</translation>
    </message>
    <message>
        <source>The model server at %1 answered with an unexpected HTTP status %2.</source>
        <translation>位于 %1 的模型服务返回了意外的 HTTP 状态码 %2。</translation>
    </message>
    <message>
        <source>The server said: %1</source>
        <translation>服务端返回：%1</translation>
    </message>
    <message>
        <source>Details: %1</source>
        <translation>详情：%1</translation>
    </message>
    <message>
        <source>The request was cancelled.</source>
        <translation>请求已取消。</translation>
    </message>
    <message numerus="yes">
        <source>The model server stopped answering for %n second(s). Try again, or raise the timeout in the model settings.</source>
        <translation>
            <numerusform>模型服务已有 %n 秒没有响应。请重试，或在模型设置中调高超时时间。</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot reach the model server at %1. Check that it is running and that the address in the model settings is right.</source>
        <translation>无法连接到位于 %1 的模型服务。请确认它正在运行，且模型设置中的地址正确。</translation>
    </message>
    <message>
        <source>The model server sent a reply Engram cannot read. Check that the address points to an OpenAI-compatible API.</source>
        <translation>模型服务返回了 Engram 无法读取的回复。请确认地址指向兼容 OpenAI 的 API。</translation>
    </message>
    <message>
        <source>The model server at %1 reported an error in the middle of its reply.</source>
        <translation>位于 %1 的模型服务在回复途中报告了错误。</translation>
    </message>
    <message>
        <source>The reply has no choices.</source>
        <translation>回复中没有任何候选结果（choices）。</translation>
    </message>
    <message>
        <source>The reply has %1 embeddings for %2 texts.</source>
        <translation>回复中有 %1 个向量，但发送的是 %2 段文字。</translation>
    </message>
    <message>
        <source>The reply has an embedding for a text it was not sent.</source>
        <translation>回复中有一个向量不对应任何已发送的文字。</translation>
    </message>
    <message numerus="yes">
        <source>The model server was still sending its reply after %n second(s), the longest a reply may take. Try again, or raise the limit in the model settings.</source>
        <translation>
            <numerusform>模型服务在 %n 秒后仍在发送回复，已达到一次回复允许的最长时间。请重试，或在模型设置中调高这个上限。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The model server sent a reply larger than %n MiB, more than Engram reads. Check that the address points to an OpenAI-compatible API.</source>
        <translation>
            <numerusform>模型服务返回的回复超过 %n MiB，超出了 Engram 读取的上限。请确认地址指向兼容 OpenAI 的 API。</numerusform>
        </translation>
    </message>
    <message>
        <source>The connection to the model server broke before the reply was complete.</source>
        <translation>回复完成之前，与模型服务的连接中断了。</translation>
    </message>
</context>
<context>
    <name>LlmSettings</name>
    <message>
        <source>(no valid address)</source>
        <translation>（无有效地址）</translation>
    </message>
    <message>
        <source>“%1” is not a web address. Enter one like http://127.0.0.1:11434/v1.</source>
        <translation>“%1”不是网址。请输入类似 http://127.0.0.1:11434/v1 的地址。</translation>
    </message>
    <message>
        <source>Choose a chat model.</source>
        <translation>请选择一个对话模型。</translation>
    </message>
    <message>
        <source>Timeouts must be longer than zero.</source>
        <translation>超时时间必须大于零。</translation>
    </message>
    <message>
        <source>Retry settings cannot be negative.</source>
        <translation>重试设置不能为负数。</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Profile: each has its own conversations and memory</source>
        <translation>档案：每个档案都有自己的对话和记忆</translation>
    </message>
    <message>
        <source>Manage profiles</source>
        <translation>管理档案</translation>
    </message>
    <message>
        <source>New Conversation</source>
        <translation>新建对话</translation>
    </message>
    <message>
        <source>New incognito conversation: nothing in it is stored or remembered</source>
        <translation>新建无痕对话：其中的内容不会被保存，也不会被记住</translation>
    </message>
    <message>
        <source>Message the assistant (Enter sends, Shift+Enter adds a line)</source>
        <translation>给助手发消息（Enter 发送，Shift+Enter 换行）</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>发送</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Conversation</source>
        <translation>对话(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Profile</source>
        <translation>档案(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;New Conversation</source>
        <translation>新建对话(&amp;N)</translation>
    </message>
    <message>
        <source>New &amp;Incognito Conversation</source>
        <translation>新建无痕对话(&amp;I)</translation>
    </message>
    <message>
        <source>Nothing in it is stored, and the assistant neither remembers nor recalls anything</source>
        <translation>其中的内容不会被保存，助手既不记住也不回想任何事情</translation>
    </message>
    <message>
        <source>&amp;Rename Conversation…</source>
        <translation>重命名对话(&amp;R)…</translation>
    </message>
    <message>
        <source>&amp;Delete Conversation…</source>
        <translation>删除对话(&amp;D)…</translation>
    </message>
    <message>
        <source>&amp;New Profile…</source>
        <translation>新建档案(&amp;N)…</translation>
    </message>
    <message>
        <source>Each profile has its own conversations and its own memory</source>
        <translation>每个档案都有自己的对话和自己的记忆</translation>
    </message>
    <message>
        <source>&amp;Rename Profile…</source>
        <translation>重命名档案(&amp;R)…</translation>
    </message>
    <message>
        <source>&amp;Delete Profile…</source>
        <translation>删除档案(&amp;D)…</translation>
    </message>
    <message>
        <source>&amp;Export Memory…</source>
        <translation>导出记忆(&amp;E)…</translation>
    </message>
    <message>
        <source>Save everything the assistant remembers about this profile to a file</source>
        <translation>把助手关于这个档案记住的一切保存到文件</translation>
    </message>
    <message>
        <source>&amp;Import Memory…</source>
        <translation>导入记忆(&amp;I)…</translation>
    </message>
    <message>
        <source>Add remembered items from an Engram export file</source>
        <translation>从 Engram 导出文件中添加记忆条目</translation>
    </message>
    <message>
        <source>&amp;Clear My Memory…</source>
        <translation>清除我的记忆(&amp;C)…</translation>
    </message>
    <message>
        <source>Erase everything the assistant remembers about this profile</source>
        <translation>抹去助手关于这个档案记住的一切</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>设置(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;About Engram</source>
        <translation>关于 Engram(&amp;A)</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>对话列表</translation>
    </message>
    <message>
        <source>New incognito conversation</source>
        <translation>新建无痕对话</translation>
    </message>
    <message>
        <source>Conversation</source>
        <translation>对话</translation>
    </message>
    <message>
        <source>Message to the assistant</source>
        <translation>给助手的消息</translation>
    </message>
</context>
<context>
    <name>McpSnippet</name>
    <message>
        <source>Settings → Developer → Edit Config (claude_desktop_config.json), then restart Claude Desktop.</source>
        <translation>设置 → 开发者 → 编辑配置（claude_desktop_config.json），然后重启 Claude Desktop。</translation>
    </message>
    <message>
        <source>~/.cursor/mcp.json (or .cursor/mcp.json in a project).</source>
        <translation>~/.cursor/mcp.json（或项目中的 .cursor/mcp.json）。</translation>
    </message>
    <message>
        <source>.vscode/mcp.json in your workspace.</source>
        <translation>工作区中的 .vscode/mcp.json。</translation>
    </message>
    <message>
        <source>Run this command in a terminal.</source>
        <translation>在终端中运行这条命令。</translation>
    </message>
    <message>
        <source>Settings → MCP Servers → Add Server, type STDIO: enter the command, arguments and environment below (versions that import JSON take it whole).</source>
        <translation>设置 → MCP 服务器 → 添加服务器，类型选 STDIO：填入下面的命令、参数和环境变量（支持从 JSON 导入的版本可以整段导入）。</translation>
    </message>
</context>
<context>
    <name>MemoryLocation</name>
    <message>
        <source>The memory server saved in Settings cannot be used: %1</source>
        <translation>设置中保存的记忆服务器无法使用：%1</translation>
    </message>
    <message>
        <source>The memory server saved in Settings is not a postgresql:// address: %1</source>
        <translation>设置中保存的记忆服务器不是 postgresql:// 地址：%1</translation>
    </message>
</context>
<context>
    <name>ServerConnection</name>
    <message>
        <source>The connection to the memory server %1 was lost in the middle of a change; nothing of it was saved.</source>
        <translation>与记忆服务器 %1 的连接在一次更改中途断开；这次更改没有保存任何内容。</translation>
    </message>
    <message>
        <source>Qt&apos;s PostgreSQL driver (QPSQL) is not installed; on Debian it is the package libqt6sql6-psql.</source>
        <translation>未安装 Qt 的 PostgreSQL 驱动（QPSQL）；在 Debian 上它是软件包 libqt6sql6-psql。</translation>
    </message>
    <message>
        <source>The memory server %1 is unreachable: %2</source>
        <translation>无法连接记忆服务器 %1：%2</translation>
    </message>
    <message>
        <source>The memory server %1 did not answer: %2</source>
        <translation>记忆服务器 %1 没有响应：%2</translation>
    </message>
    <message>
        <source>The memory server %1 is unreachable; it is tried again shortly.</source>
        <translation>无法连接记忆服务器 %1；稍后会再次尝试。</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>&amp;Provider:</source>
        <translation>服务商(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Address:</source>
        <translation>地址(&amp;A)：</translation>
    </message>
    <message>
        <source>API &amp;key:</source>
        <translation>API 密钥(&amp;K)：</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>显示</translation>
    </message>
    <message>
        <source>Show or hide the key</source>
        <translation>显示或隐藏密钥</translation>
    </message>
    <message>
        <source>&amp;Chat model:</source>
        <translation>对话模型(&amp;C)：</translation>
    </message>
    <message>
        <source>&amp;Memory model:</source>
        <translation>记忆模型(&amp;M)：</translation>
    </message>
    <message>
        <source>Same as the chat model</source>
        <translation>与对话模型相同</translation>
    </message>
    <message>
        <source>The model that picks out facts worth remembering after each turn</source>
        <translation>每轮对话后用来挑出值得记住的事实的模型</translation>
    </message>
    <message>
        <source>&amp;Embedding model:</source>
        <translation>向量模型(&amp;E)：</translation>
    </message>
    <message>
        <source>None: recall by keywords only</source>
        <translation>无：只按关键词回想</translation>
    </message>
    <message>
        <source>&amp;Timeouts:</source>
        <translation>超时(&amp;T)：</translation>
    </message>
    <message>
        <source>How long to wait for the endpoint to answer at all</source>
        <translation>等待服务端做出任何响应的最长时间</translation>
    </message>
    <message>
        <source>to connect,</source>
        <translation>用于连接，</translation>
    </message>
    <message>
        <source>How long a reply may pause before it counts as stalled</source>
        <translation>回复停顿多久算作卡住</translation>
    </message>
    <message>
        <source>&amp;Test Connection</source>
        <translation>测试连接(&amp;T)</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>记忆</translation>
    </message>
    <message>
        <source>&amp;Remember things across conversations</source>
        <translation>跨对话记住事情(&amp;R)</translation>
    </message>
    <message>
        <source>While this is off, nothing new is remembered and nothing remembered reaches the model. What is already stored stays until you delete it.</source>
        <translation>关闭时，不会记住任何新内容，已记住的内容也不会发给模型。已经保存的内容会一直保留，直到你删除它。</translation>
    </message>
    <message>
        <source>What goes into each reply</source>
        <translation>每次回复会用到什么</translation>
    </message>
    <message>
        <source>Recent &amp;rounds kept word for word:</source>
        <translation>逐字保留的最近轮数(&amp;R)：</translation>
    </message>
    <message>
        <source>&amp;Facts about you, at most:</source>
        <translation>关于你的事实，最多(&amp;F)：</translation>
    </message>
    <message>
        <source>&amp;Past conversations, at most:</source>
        <translation>过往对话，最多(&amp;P)：</translation>
    </message>
    <message>
        <source>Recent &amp;messages, at most:</source>
        <translation>最近消息，最多(&amp;M)：</translation>
    </message>
    <message>
        <source>Forgetting</source>
        <translation>遗忘</translation>
    </message>
    <message>
        <source>Keep at most this many past &amp;exchanges:</source>
        <translation>最多保留的过往问答条数(&amp;E)：</translation>
    </message>
    <message>
        <source>Let past exchanges &amp;fade after:</source>
        <translation>过往问答在此之后淡忘(&amp;F)：</translation>
    </message>
    <message>
        <source>Pinned items and facts about you are never forgotten this way.</source>
        <translation>置顶的条目和关于你的事实不会以这种方式被遗忘。</translation>
    </message>
    <message>
        <source>General</source>
        <translation>常规</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>语言(&amp;L)：</translation>
    </message>
    <message>
        <source>A new language takes effect when Engram starts again.</source>
        <translation>新的语言会在 Engram 下次启动时生效。</translation>
    </message>
    <message>
        <source>The longest a whole reply may take, however steadily it streams</source>
        <translation>一次完整回复最多可用的时间（无论流式输出是否持续）</translation>
    </message>
    <message>
        <source>Backups</source>
        <translation>备份</translation>
    </message>
    <message>
        <source>Keep the newest &amp;backups:</source>
        <translation>保留最新的备份数(&amp;B)：</translation>
    </message>
    <message>
        <source>A checked copy of the memory file is made each day Engram runs, and before an import that replaces, a clear and an upgrade. Older copies beyond this number are removed.</source>
        <translation>Engram 运行的每一天都会为记忆文件做一份经过校验的副本；在替换式导入、清除记忆和升级之前也会各做一份。超出此数量的旧副本会被删除。</translation>
    </message>
    <message>
        <source>of silence,</source>
        <translation>无输出，</translation>
    </message>
    <message>
        <source>per reply</source>
        <translation>每条回复最长</translation>
    </message>
</context>
<context>
    <name>SetupDialog</name>
    <message>
        <source>Welcome to Engram</source>
        <translation>欢迎使用 Engram</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>语言(&amp;L)：</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>The model that answers</source>
        <translation>回答你的模型</translation>
    </message>
    <message>
        <source>&amp;Chat model:</source>
        <translation>聊天模型(&amp;C)：</translation>
    </message>
    <message>
        <source>Chat model</source>
        <translation>聊天模型</translation>
    </message>
    <message>
        <source>&amp;Embeddings:</source>
        <translation>向量模型(&amp;E)：</translation>
    </message>
    <message>
        <source>Embedding model</source>
        <translation>向量模型</translation>
    </message>
    <message>
        <source>Optional: with embeddings, memories are also found by meaning, not only by their words.</source>
        <translation>可选：有了向量模型，记忆不仅能按字词找到，也能按意思找到。</translation>
    </message>
    <message>
        <source>&amp;Provider:</source>
        <translation>服务商(&amp;P)：</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>服务商</translation>
    </message>
    <message>
        <source>A&amp;ddress:</source>
        <translation>地址(&amp;D)：</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>地址</translation>
    </message>
    <message>
        <source>https://…/v1</source>
        <translation>https://…/v1</translation>
    </message>
    <message>
        <source>API &amp;key:</source>
        <translation>API 密钥(&amp;K)：</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API 密钥</translation>
    </message>
    <message>
        <source>Chat &amp;model:</source>
        <translation>聊天模型(&amp;M)：</translation>
    </message>
    <message>
        <source>&amp;Test Connection</source>
        <translation>测试连接(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Look for Ollama Again</source>
        <translation>重新查找 Ollama(&amp;L)</translation>
    </message>
    <message>
        <source>Use Another &amp;Provider</source>
        <translation>使用其他服务商(&amp;P)</translation>
    </message>
    <message>
        <source>You can change all of this later in Settings.</source>
        <translation>这些以后都可以在“设置”中修改。</translation>
    </message>
</context>
<context>
    <name>engram::AddFactDialog</name>
    <message>
        <source>Add a fact</source>
        <translation>添加事实</translation>
    </message>
    <message>
        <source>&amp;Subject:</source>
        <translation>主体(&amp;S)：</translation>
    </message>
    <message>
        <source>&amp;Predicate:</source>
        <translation>属性(&amp;P)：</translation>
    </message>
    <message>
        <source>for example: employer, city, favourite language</source>
        <translation>例如：工作单位、城市、喜欢的编程语言</translation>
    </message>
    <message>
        <source>&amp;Value:</source>
        <translation>值(&amp;V)：</translation>
    </message>
    <message>
        <source>&amp;Confidence:</source>
        <translation>置信度(&amp;C)：</translation>
    </message>
    <message>
        <source>Say whom the fact is about, for example “user”.</source>
        <translation>请说明这条事实是关于谁的，例如“user”。</translation>
    </message>
    <message>
        <source>Fill in the predicate and the value.</source>
        <translation>请填写属性和值。</translation>
    </message>
    <message>
        <source>Below %1% the fact waits for your confirmation before it is used.</source>
        <translation>置信度低于 %1% 时，这条事实要等你确认后才会使用。</translation>
    </message>
</context>
<context>
    <name>engram::ArchiveTableModel</name>
    <message>
        <source>Content</source>
        <translation>内容</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Archived</source>
        <translation>归档时间</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>创建时间</translation>
    </message>
</context>
<context>
    <name>engram::ChatController</name>
    <message>
        <source>Not answered: no model is set up yet.</source>
        <translation>未获回复：还没有设置模型。</translation>
    </message>
    <message>
        <source>Not answered: the model could not be reached.</source>
        <translation>未获回复：无法连接到模型。</translation>
    </message>
    <message>
        <source>Not answered: the endpoint did not accept the API key.</source>
        <translation>未获回复：服务端不接受这个 API 密钥。</translation>
    </message>
    <message>
        <source>Not answered: the endpoint is limiting requests for now.</source>
        <translation>未获回复：服务端目前在限制请求。</translation>
    </message>
    <message>
        <source>Not answered: the model took too long.</source>
        <translation>未获回复：模型响应太慢。</translation>
    </message>
    <message>
        <source>Not answered: the endpoint reported an error.</source>
        <translation>未获回复：服务端报告了错误。</translation>
    </message>
    <message>
        <source>Not answered: the model&apos;s answer could not be read.</source>
        <translation>未获回复：无法读取模型的回答。</translation>
    </message>
    <message>
        <source>Not sent: the message could not be saved.</source>
        <translation>未发送：无法保存这条消息。</translation>
    </message>
    <message>
        <source>Ask anything. What matters is remembered across conversations; see and change it in the memory panel (Ctrl+M).</source>
        <translation>尽管问吧。重要的内容会跨对话记住；可以在记忆面板（Ctrl+M）中查看和修改。</translation>
    </message>
    <message>
        <source>Could not load this conversation: %1</source>
        <translation>无法载入这个对话：%1</translation>
    </message>
    <message>
        <source>No reply was received.</source>
        <translation>没有收到回复。</translation>
    </message>
    <message>
        <source>This reply was interrupted.</source>
        <translation>这条回复被中断了。</translation>
    </message>
    <message>
        <source>The previous reply is still being written.</source>
        <translation>上一条回复还在生成中。</translation>
    </message>
    <message>
        <source>Not answered yet.</source>
        <translation>尚未回复。</translation>
    </message>
    <message>
        <source>Remembered: %1</source>
        <translation>已记住：%1</translation>
    </message>
    <message>
        <source>Could not undo: %1</source>
        <translation>无法撤销：%1</translation>
    </message>
    <message>
        <source>No longer remembered: %1</source>
        <translation>已不再记住：%1</translation>
    </message>
    <message>
        <source>Less sure: %1</source>
        <extracomment>A memory notice: the user said the reply was wrong, so a fact it used is now in doubt</extracomment>
        <translation>不再确定：%1</translation>
    </message>
    <message>
        <source>Confirmed: %1</source>
        <extracomment>A memory notice: the user said the reply was right, so a fact it used is now confirmed</extracomment>
        <translation>已确认：%1</translation>
    </message>
    <message>
        <source>This reply was longer than %L1 characters: its first part is kept, the rest was not read.</source>
        <translation>这条回复超过了 %L1 个字符：已保留前面的部分，其余内容没有读取。</translation>
    </message>
    <message>
        <source>The reply was cut at the length limit.</source>
        <translation>回复在长度上限处被截断。</translation>
    </message>
</context>
<context>
    <name>engram::ChatInput</name>
    <message>
        <source>Only the first %1 of the %2 characters pasted were kept: a message holds at most %3.</source>
        <translation>粘贴的 %2 个字符中只保留了前 %1 个：一条消息最多容纳 %3 个字符。</translation>
    </message>
</context>
<context>
    <name>engram::ChatView</name>
    <message>
        <source>Incognito conversation: nothing here is stored, and the assistant neither remembers nor recalls anything.</source>
        <translation>无痕对话：这里的内容不会被保存，助手既不记住也不回想任何事情。</translation>
    </message>
    <message>
        <source>Copied the message to the clipboard.</source>
        <translation>已将消息复制到剪贴板。</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <source>Forget this again</source>
        <translation>重新忘掉这一条</translation>
    </message>
</context>
<context>
    <name>engram::ConnectToolDialog</name>
    <message>
        <source>Where: %1</source>
        <translation>放在哪里：%1</translation>
    </message>
    <message>
        <source>Copied.</source>
        <translation>已复制。</translation>
    </message>
    <message>
        <source>Connect Other AI Tools</source>
        <translation>连接其他 AI 工具</translation>
    </message>
    <message>
        <source>Other AI tools can search what Engram remembers and add to it through the Model Context Protocol. Paste this into the tool&apos;s configuration; the paths are this computer&apos;s.</source>
        <translation>其他 AI 工具可以通过模型上下文协议（MCP）搜索 Engram 记住的内容，也可以往里添加。把下面的内容粘贴到该工具的配置中；其中的路径就是这台电脑上的路径。</translation>
    </message>
    <message>
        <source>&amp;Tool:</source>
        <translation>工具(&amp;T)：</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>工具</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>What a new tool writes waits for your confirmation in the panel until you let it write under Settings → Connected Tools.</source>
        <translation>新工具写入的内容会在面板中等待你确认，直到你在“设置 → 已连接的工具”中允许它写入。</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
</context>
<context>
    <name>engram::ConnectedToolsPage</name>
    <message>
        <source>Connected tools</source>
        <translation>已连接的工具</translation>
    </message>
    <message>
        <source>Read and write</source>
        <translation>可读可写</translation>
    </message>
    <message>
        <source>Read; I confirm what it writes</source>
        <translation>可读；写入需我确认</translation>
    </message>
    <message>
        <source>Read only</source>
        <translation>只读</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Never</source>
        <translation>从未</translation>
    </message>
    <message>
        <source>The connected tools cannot be read: %1</source>
        <translation>无法读取已连接的工具：%1</translation>
    </message>
    <message>
        <source>%1, version %2</source>
        <translation>%1，版本 %2</translation>
    </message>
    <message>
        <source>What %1 may do</source>
        <translation>%1 可以做什么</translation>
    </message>
    <message>
        <source>AI tools such as Claude Desktop, Cursor or VS Code that used this profile&apos;s memory through Engram&apos;s MCP server. A new tool may read; what it writes waits for your confirmation in the panel until you let it write.</source>
        <translation>通过 Engram 的 MCP 服务器使用过这个档案记忆的 AI 工具，例如 Claude Desktop、Cursor 或 VS Code。新工具可以读取；它写入的内容会在面板中等待你确认，直到你允许它写入。</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>工具</translation>
    </message>
    <message>
        <source>Last read</source>
        <translation>上次读取</translation>
    </message>
    <message>
        <source>Last write</source>
        <translation>上次写入</translation>
    </message>
    <message>
        <source>May</source>
        <translation>权限</translation>
    </message>
    <message>
        <source>No AI tool has used your memory yet.</source>
        <translation>还没有 AI 工具使用过你的记忆。</translation>
    </message>
    <message>
        <source>Connect a Tool…</source>
        <translation>连接工具…</translation>
    </message>
</context>
<context>
    <name>engram::ConversationList</name>
    <message>
        <source>New conversation</source>
        <translation>新对话</translation>
    </message>
    <message>
        <source>Incognito: nothing in this conversation is stored or remembered. It disappears when Engram closes.</source>
        <translation>无痕：这个对话的内容不会被保存或记住，Engram 关闭后它就会消失。</translation>
    </message>
</context>
<context>
    <name>engram::EditItemDialog</name>
    <message>
        <source>The text cannot be empty.</source>
        <translation>文字不能为空。</translation>
    </message>
    <message>
        <source>The text has %1 characters; at most %2 fit.</source>
        <translation>文字有 %1 个字符，最多只能容纳 %2 个。</translation>
    </message>
</context>
<context>
    <name>engram::EpisodeTableModel</name>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Content</source>
        <translation>内容</translation>
    </message>
    <message>
        <source>Reply gist / Topic</source>
        <translation>回复要点 / 主题</translation>
    </message>
    <message>
        <source>Importance</source>
        <translation>重要性</translation>
    </message>
    <message>
        <source>Accesses</source>
        <translation>调用次数</translation>
    </message>
    <message>
        <source>Last access</source>
        <translation>最近调用</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>创建时间</translation>
    </message>
    <message>
        <source>Pinned</source>
        <translation>置顶</translation>
    </message>
</context>
<context>
    <name>engram::ErrorBanner</name>
    <message>
        <source>Open Settings…</source>
        <translation>打开设置…</translation>
    </message>
    <message>
        <source>Hide this message</source>
        <translation>隐藏这条提示</translation>
    </message>
    <message>
        <source>No model is connected, so the assistant cannot answer yet. Open Settings to choose a provider or enter the address of an OpenAI-compatible endpoint. Conversations and memory keep working meanwhile.</source>
        <translation>还没有连接模型，所以助手暂时无法回答。请打开设置，选择一个服务商，或填写一个兼容 OpenAI 的服务地址。在此期间，对话记录和记忆照常可用。</translation>
    </message>
    <message>
        <source>The model cannot be reached at %1. Check that the server is running and that the address in Settings is right; your message is kept, so you can retry.</source>
        <translation>无法连接到位于 %1 的模型。请确认服务正在运行、设置中的地址正确；你的消息已保留，可以重试。</translation>
    </message>
    <message>
        <source>The endpoint did not accept the API key. Check the key in Settings; your message is kept, so you can retry.</source>
        <translation>服务端不接受这个 API 密钥。请在设置中检查密钥；你的消息已保留，可以重试。</translation>
    </message>
    <message>
        <source>The endpoint is limiting requests right now. Wait a moment, then retry your message.</source>
        <translation>服务端目前在限制请求。请稍等片刻，然后重试你的消息。</translation>
    </message>
    <message>
        <source>The model did not answer in time. It may be busy or still loading; retry in a moment, or allow more time in Settings.</source>
        <translation>模型没有及时回答，可能正忙或仍在加载。请稍后重试，或在设置中放宽等待时间。</translation>
    </message>
    <message>
        <source>The endpoint reported an error. Your message is kept; retry in a moment.</source>
        <translation>服务端报告了错误。你的消息已保留，请稍后重试。</translation>
    </message>
    <message>
        <source>The model&apos;s answer could not be understood. Check the chat model in Settings.</source>
        <translation>无法理解模型的回答。请在设置中检查对话模型。</translation>
    </message>
    <message>
        <source>Your message could not be saved. It stays on screen; retry in a moment.</source>
        <translation>你的消息无法保存，它仍显示在屏幕上；请稍后重试。</translation>
    </message>
    <message>
        <source>Your message and the reply are kept and will be saved as soon as the server answers again.</source>
        <translation>你的消息和回复都已保留，服务器恢复响应后会立即保存。</translation>
    </message>
    <message>
        <source>Memory server unreachable</source>
        <translation>记忆服务器无法连接</translation>
    </message>
    <message>
        <source>Your message and the reply are kept and will be saved as soon as the memory file can be written again.</source>
        <translation>你的消息和回复都已保留，记忆文件恢复可写后会立即保存。</translation>
    </message>
    <message>
        <source>Memory could not be saved</source>
        <translation>记忆暂时无法保存</translation>
    </message>
</context>
<context>
    <name>engram::FactTableModel</name>
    <message>
        <source>Subject</source>
        <translation>主体</translation>
    </message>
    <message>
        <source>Predicate</source>
        <translation>属性</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>置信度</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Pinned</source>
        <translation>置顶</translation>
    </message>
    <message>
        <source>Updated</source>
        <translation>更新时间</translation>
    </message>
    <message>
        <source>%1%</source>
        <translation>%1%</translation>
    </message>
    <message>
        <source>Not used in replies until you confirm it.</source>
        <translation>确认之前不会在回复中使用。</translation>
    </message>
    <message>
        <source>You said</source>
        <translation>你说的</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Added by you</source>
        <translation>你添加的</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>导入</translation>
    </message>
    <message>
        <source>From %1</source>
        <translation>来自 %1</translation>
    </message>
</context>
<context>
    <name>engram::HistoryDialog</name>
    <message>
        <source>History</source>
        <translation>历史记录</translation>
    </message>
    <message>
        <source>What happened to “%1”, oldest first:</source>
        <translation>“%1”的变更记录（从早到晚）：</translation>
    </message>
</context>
<context>
    <name>engram::HistoryTableModel</name>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>By</source>
        <translation>操作者</translation>
    </message>
    <message>
        <source>Before → after</source>
        <translation>之前 → 之后</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>创建</translation>
    </message>
    <message>
        <source>Updated</source>
        <translation>更新</translation>
    </message>
    <message>
        <source>Replaced</source>
        <translation>替换</translation>
    </message>
    <message>
        <source>Merged</source>
        <translation>合并</translation>
    </message>
    <message>
        <source>Pinned</source>
        <translation>置顶</translation>
    </message>
    <message>
        <source>Unpinned</source>
        <translation>取消置顶</translation>
    </message>
    <message>
        <source>Edited</source>
        <translation>编辑</translation>
    </message>
    <message>
        <source>Deleted</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Removed</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Forgotten</source>
        <translation>遗忘</translation>
    </message>
    <message>
        <source>Restored</source>
        <translation>恢复</translation>
    </message>
    <message>
        <source>Imported</source>
        <translation>导入</translation>
    </message>
    <message>
        <source>Exported</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>Cleared</source>
        <translation>清除</translation>
    </message>
    <message>
        <source>Confirmed</source>
        <translation>确认</translation>
    </message>
    <message>
        <source>Rejected</source>
        <translation>拒绝</translation>
    </message>
    <message>
        <source>Undone</source>
        <translation>撤销</translation>
    </message>
    <message>
        <source>Purged</source>
        <translation>彻底清除</translation>
    </message>
    <message>
        <source>You</source>
        <translation>你</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>助手</translation>
    </message>
    <message>
        <source>System</source>
        <translation>系统</translation>
    </message>
    <message>
        <source>(content erased)</source>
        <translation>（内容已抹去）</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>pinned</source>
        <translation>已置顶</translation>
    </message>
    <message>
        <source>not pinned</source>
        <translation>未置顶</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>in the window</source>
        <translation>在工作记忆中</translation>
    </message>
    <message>
        <source>out of the window</source>
        <translation>移出工作记忆</translation>
    </message>
</context>
<context>
    <name>engram::ItemTableModel</name>
    <message>
        <source>Active</source>
        <translation>有效</translation>
    </message>
    <message>
        <source>Pending</source>
        <translation>待确认</translation>
    </message>
    <message>
        <source>Superseded</source>
        <translation>已被取代</translation>
    </message>
    <message>
        <source>Deleted</source>
        <translation>已删除</translation>
    </message>
    <message>
        <source>Rejected</source>
        <translation>已拒绝</translation>
    </message>
    <message>
        <source>Archived</source>
        <translation>已归档</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>摘要</translation>
    </message>
    <message>
        <source>Exchange</source>
        <translation>问答</translation>
    </message>
</context>
<context>
    <name>engram::KeychainSecretStore</name>
    <message>
        <source>No keychain service (such as GNOME Keyring or KWallet) is running.</source>
        <translation>没有正在运行的钥匙串服务（例如 GNOME Keyring 或 KWallet）。</translation>
    </message>
    <message>
        <source>The keychain could not delete the saved key or password: %1</source>
        <translation>钥匙串无法删除已保存的密钥或密码：%1</translation>
    </message>
</context>
<context>
    <name>engram::MainWindow</name>
    <message>
        <source>Me</source>
        <translation>我</translation>
    </message>
    <message>
        <source>Stop the Reply</source>
        <translation>停止回复</translation>
    </message>
    <message>
        <source>Estimated tokens each memory tier put into the last reply&apos;s context</source>
        <translation>上一条回复的上下文中，各层记忆所占的估算词元数</translation>
    </message>
    <message>
        <source>&amp;Memory Panel</source>
        <translation>记忆面板(&amp;M)</translation>
    </message>
    <message>
        <source>Show or hide what the assistant remembers</source>
        <translation>显示或隐藏助手记得的内容</translation>
    </message>
    <message>
        <source>Could not read the profiles: %1</source>
        <translation>无法读取档案：%1</translation>
    </message>
    <message>
        <source>Create a profile to start (Profile › New Profile).</source>
        <translation>先创建一个档案（档案 › 新建档案）。</translation>
    </message>
    <message>
        <source>New Profile</source>
        <translation>新建档案</translation>
    </message>
    <message>
        <source>Name of the new profile:</source>
        <translation>新档案的名称：</translation>
    </message>
    <message>
        <source>The profile could not be created.</source>
        <translation>无法创建档案。</translation>
    </message>
    <message>
        <source>Rename Profile</source>
        <translation>重命名档案</translation>
    </message>
    <message>
        <source>New name of this profile:</source>
        <translation>这个档案的新名称：</translation>
    </message>
    <message>
        <source>The profile could not be renamed.</source>
        <translation>无法重命名档案。</translation>
    </message>
    <message>
        <source>Delete Profile</source>
        <translation>删除档案</translation>
    </message>
    <message>
        <source>Delete the profile “%1”?</source>
        <translation>删除档案“%1”？</translation>
    </message>
    <message>
        <source>All of its conversations and everything the assistant remembers about it are erased. This cannot be undone.</source>
        <translation>它的所有对话，以及助手关于它记住的一切，都会被抹去。此操作无法撤销。</translation>
    </message>
    <message>
        <source>The profile could not be deleted.</source>
        <translation>无法删除档案。</translation>
    </message>
    <message>
        <source>Could not read the conversations: %1</source>
        <translation>无法读取对话：%1</translation>
    </message>
    <message>
        <source>Start a conversation: type below, or choose New Conversation.</source>
        <translation>开始对话：在下方输入，或选择“新建对话”。</translation>
    </message>
    <message>
        <source>%1 — Engram</source>
        <extracomment>Window title: the conversation&apos;s title, then the app&apos;s name</extracomment>
        <translation>%1 — Engram</translation>
    </message>
    <message>
        <source>New Conversation</source>
        <translation>新建对话</translation>
    </message>
    <message>
        <source>The conversation could not be created.</source>
        <translation>无法创建对话。</translation>
    </message>
    <message>
        <source>Rename Conversation</source>
        <translation>重命名对话</translation>
    </message>
    <message>
        <source>New title of this conversation:</source>
        <translation>这个对话的新标题：</translation>
    </message>
    <message>
        <source>The conversation could not be renamed.</source>
        <translation>无法重命名对话。</translation>
    </message>
    <message>
        <source>Delete Conversation</source>
        <translation>删除对话</translation>
    </message>
    <message>
        <source>Delete the conversation “%1”?</source>
        <translation>删除对话“%1”？</translation>
    </message>
    <message>
        <source>Its messages are removed from the history. What the assistant learned from it stays in memory until you delete it there.</source>
        <translation>其中的消息会从历史记录中移除。助手从中了解到的内容仍保留在记忆中，直到你在记忆面板里删除。</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>The conversation could not be deleted.</source>
        <translation>无法删除对话。</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>发送</translation>
    </message>
    <message>
        <source>Stop the reply (Esc); what has arrived is kept</source>
        <translation>停止回复（Esc），已收到的内容会保留</translation>
    </message>
    <message>
        <source>Send the message (Enter)</source>
        <translation>发送消息（Enter）</translation>
    </message>
    <message>
        <source>Not connected yet</source>
        <translation>尚未连接</translation>
    </message>
    <message>
        <source>Connected</source>
        <translation>已连接</translation>
    </message>
    <message>
        <source>Cannot reach the model</source>
        <translation>无法连接到模型</translation>
    </message>
    <message>
        <source>No model connected</source>
        <translation>未连接模型</translation>
    </message>
    <message>
        <source>No model chosen</source>
        <translation>未选择模型</translation>
    </message>
    <message>
        <source>Model: %1</source>
        <translation>模型：%1</translation>
    </message>
    <message>
        <source>Settings saved.</source>
        <translation>设置已保存。</translation>
    </message>
    <message>
        <source>About Engram</source>
        <translation>关于 Engram</translation>
    </message>
    <message>
        <source>Context tokens: %1 conversation · %2 past · %3 facts</source>
        <translation>上下文词元：本对话 %1 · 过往 %2 · 事实 %3</translation>
    </message>
    <message>
        <source>A reply is still being written. Press Esc to stop it.</source>
        <translation>回复仍在生成中。按 Esc 可以停止。</translation>
    </message>
    <message>
        <source>That memory is no longer in the panel.</source>
        <translation>这条记忆已不在面板中。</translation>
    </message>
    <message>
        <source>&amp;Check Memory File</source>
        <translation>检查记忆文件(&amp;C)</translation>
    </message>
    <message>
        <source>Check every page of the memory file for damage</source>
        <translation>逐页检查记忆文件是否损坏</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Engram %1&lt;/h3&gt;&lt;p&gt;A desktop assistant that remembers you across conversations, and shows you everything it remembers.&lt;/p&gt;&lt;p&gt;Memory is kept in one file on this computer; only the model endpoint you choose sees your messages.&lt;/p&gt;&lt;p&gt;Your memory: %2&lt;br&gt;Its folder: %3&lt;/p&gt;&lt;p&gt;Free software under the MIT licence.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Engram %1&lt;/h3&gt;&lt;p&gt;一个能跨对话记住你的桌面助手，并且让你看到它记住的一切。&lt;/p&gt;&lt;p&gt;记忆保存在这台电脑上的一个文件里；只有你选择的模型服务能看到你的消息。&lt;/p&gt;&lt;p&gt;你的记忆：%2&lt;br&gt;所在文件夹：%3&lt;/p&gt;&lt;p&gt;自由软件，以 MIT 许可证发布。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>The conversation this came from was deleted. The memory stays until you delete it.</source>
        <translation>它来自的那个对话已被删除。这条记忆会一直保留，直到你删除它。</translation>
    </message>
    <message>
        <source>The highlighted message is where this came from.</source>
        <translation>高亮的消息就是它的来源。</translation>
    </message>
    <message>
        <source>This came from this conversation; the message itself is no longer in it.</source>
        <translation>它来自这个对话，但那条消息已不在其中。</translation>
    </message>
    <message>
        <source>&amp;Search Memory</source>
        <translation>搜索记忆(&amp;S)</translation>
    </message>
    <message>
        <source>Search everything the assistant remembers</source>
        <translation>搜索助手记得的一切</translation>
    </message>
    <message>
        <source>Connect Other AI &amp;Tools…</source>
        <translation>连接其他 AI 工具(&amp;T)…</translation>
    </message>
    <message>
        <source>Let Claude Desktop, Cursor, VS Code and other tools use this memory</source>
        <translation>让 Claude Desktop、Cursor、VS Code 等工具使用这份记忆</translation>
    </message>
    <message>
        <source>Memory saved again.</source>
        <translation>记忆已重新保存。</translation>
    </message>
    <message numerus="yes">
        <source>Forgetting moved %Ln older episode(s) to the archive; the panel&apos;s Archive tab can bring them back.</source>
        <translation>
            <numerusform>遗忘已将 %Ln 条较早的经历移入归档；可在面板的“归档”页找回。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>engram::MemoryFileCare</name>
    <message>
        <source>The daily backup of the memory was written and checked.</source>
        <translation>已写入并校验每日记忆备份。</translation>
    </message>
    <message>
        <source>The daily backup of the memory failed: %1</source>
        <translation>每日记忆备份失败：%1</translation>
    </message>
    <message>
        <source>The memory file %1 was checked in full and no problem was found.</source>
        <translation>已完整检查记忆文件 %1，未发现问题。</translation>
    </message>
    <message>
        <source>The memory file %1 is damaged. Export what you can now, then quit Engram and restore the newest good backup (engram-cli backups, then engram-cli restore FILE).

SQLite says: %2</source>
        <translation>记忆文件 %1 已损坏。请现在导出尚能导出的内容，然后退出 Engram 并恢复最新的完好备份（先 engram-cli backups，再 engram-cli restore 文件）。

SQLite 的报告：%2</translation>
    </message>
    <message>
        <source>The memory file %1 could not be read: %2</source>
        <translation>无法读取记忆文件 %1：%2</translation>
    </message>
    <message>
        <source>The file %1 is not an Engram memory this version can use: %2</source>
        <translation>文件 %1 不是此版本 Engram 可用的记忆文件：%2</translation>
    </message>
    <message>
        <source>Check memory file</source>
        <translation>检查记忆文件</translation>
    </message>
    <message>
        <source>A check or backup of the memory file is already running.</source>
        <translation>记忆文件的检查或备份正在进行中。</translation>
    </message>
    <message>
        <source>Checking the memory file…</source>
        <translation>正在检查记忆文件…</translation>
    </message>
</context>
<context>
    <name>engram::MemoryFilterBar</name>
    <message>
        <source>From anywhere</source>
        <translation>任何来源</translation>
    </message>
    <message>
        <source>Said by me</source>
        <translation>我说的</translation>
    </message>
    <message>
        <source>Inferred by the model</source>
        <translation>模型推断的</translation>
    </message>
    <message>
        <source>Added by hand</source>
        <translation>手动添加的</translation>
    </message>
    <message>
        <source>Imported</source>
        <translation>导入的</translation>
    </message>
    <message>
        <source>From another tool</source>
        <translation>来自其他工具</translation>
    </message>
    <message>
        <source>Any conversation</source>
        <translation>任何对话</translation>
    </message>
    <message>
        <source>Any time</source>
        <translation>任何时间</translation>
    </message>
    <message>
        <source>Today</source>
        <translation>今天</translation>
    </message>
    <message>
        <source>Past 7 days</source>
        <translation>最近 7 天</translation>
    </message>
    <message>
        <source>Past 30 days</source>
        <translation>最近 30 天</translation>
    </message>
    <message>
        <source>Past year</source>
        <translation>最近一年</translation>
    </message>
    <message>
        <source>Pinned only</source>
        <translation>只看置顶</translation>
    </message>
    <message>
        <source>Clear Filters</source>
        <translation>清除筛选</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Where the memory came from</source>
        <translation>记忆从哪里来</translation>
    </message>
    <message>
        <source>Conversation</source>
        <translation>对话</translation>
    </message>
    <message>
        <source>The conversation the memory was learned in</source>
        <translation>记下这条记忆的对话</translation>
    </message>
    <message>
        <source>When</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>When the memory was made</source>
        <translation>记忆产生的时间</translation>
    </message>
</context>
<context>
    <name>engram::MemoryPanel</name>
    <message>
        <source>Profile</source>
        <translation>资料</translation>
    </message>
    <message>
        <source>Episodes</source>
        <translation>经历</translation>
    </message>
    <message>
        <source>Working</source>
        <translation>工作记忆</translation>
    </message>
    <message>
        <source>Archive</source>
        <translation>归档</translation>
    </message>
    <message>
        <source>Add Fact…</source>
        <translation>添加事实…</translation>
    </message>
    <message>
        <source>Remember a fact you type in</source>
        <translation>记住一条你输入的事实</translation>
    </message>
    <message>
        <source>Confirm</source>
        <translation>确认</translation>
    </message>
    <message>
        <source>Confirm the selected pending facts so they are used in replies</source>
        <translation>确认所选的待确认事实，之后的回复会用到它们</translation>
    </message>
    <message>
        <source>Reject</source>
        <translation>拒绝</translation>
    </message>
    <message>
        <source>Reject the selected pending facts</source>
        <translation>拒绝所选的待确认事实</translation>
    </message>
    <message>
        <source>Pin</source>
        <translation>置顶</translation>
    </message>
    <message>
        <source>Pinned items are never forgotten and always go into the context</source>
        <translation>置顶的条目永远不会被遗忘，并且总会放进上下文</translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation>编辑…</translation>
    </message>
    <message>
        <source>Change the selected item</source>
        <translation>修改所选条目</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Delete the selected items (Undo brings them back)</source>
        <translation>删除所选条目（可用“撤销”找回）</translation>
    </message>
    <message>
        <source>Restore</source>
        <translation>恢复</translation>
    </message>
    <message>
        <source>Bring the selected episodes back from the archive</source>
        <translation>把所选经历从归档中恢复</translation>
    </message>
    <message>
        <source>History…</source>
        <translation>历史记录…</translation>
    </message>
    <message>
        <source>Show what happened to the selected item</source>
        <translation>查看所选条目的变更记录</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <source>Undo your last pin, edit or delete</source>
        <translation>撤销你上一次的置顶、编辑或删除</translation>
    </message>
    <message>
        <source>What the assistant remembers</source>
        <translation>助手记得什么</translation>
    </message>
    <message>
        <source>Could not read the memory: %1</source>
        <translation>无法读取记忆：%1</translation>
    </message>
    <message>
        <source>Unpin</source>
        <translation>取消置顶</translation>
    </message>
    <message>
        <source>Profile (%L1)</source>
        <translation>资料（%L1）</translation>
    </message>
    <message>
        <source>Episodes (%L1)</source>
        <translation>经历（%L1）</translation>
    </message>
    <message>
        <source>Episodes (%L1+)</source>
        <translation>经历（%L1+）</translation>
    </message>
    <message>
        <source>Working (%L1)</source>
        <translation>工作记忆（%L1）</translation>
    </message>
    <message>
        <source>Archive (%L1)</source>
        <translation>归档（%L1）</translation>
    </message>
    <message>
        <source>Archive (%L1+)</source>
        <translation>归档（%L1+）</translation>
    </message>
    <message numerus="yes">
        <source>%Ln fact(s) wait for your confirmation. They are not used in replies until you confirm them.</source>
        <translation>
            <numerusform>有 %Ln 条事实等待你确认。确认之前，回复中不会用到它们。</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not pin “%1”.</source>
        <translation>无法置顶“%1”。</translation>
    </message>
    <message>
        <source>Could not unpin “%1”.</source>
        <translation>无法取消置顶“%1”。</translation>
    </message>
    <message numerus="yes">
        <source>Pinned %Ln item(s): never forgotten, always in the context.</source>
        <translation>
            <numerusform>已置顶 %Ln 个条目：永不遗忘，始终放进上下文。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Unpinned %Ln item(s).</source>
        <translation>
            <numerusform>已取消置顶 %Ln 个条目。</numerusform>
        </translation>
    </message>
    <message>
        <source>Edit Fact</source>
        <translation>编辑事实</translation>
    </message>
    <message>
        <source>Edit What the Model Sees</source>
        <translation>编辑模型看到的内容</translation>
    </message>
    <message>
        <source>What the model sees of this message from now on. The chat keeps showing the original.</source>
        <translation>从现在起，模型看到的这条消息的内容。对话中仍显示原文。</translation>
    </message>
    <message>
        <source>Edit Episode</source>
        <translation>编辑经历</translation>
    </message>
    <message>
        <source>The text of this episode:</source>
        <translation>这段经历的文字：</translation>
    </message>
    <message>
        <source>Could not save the change.</source>
        <translation>无法保存修改。</translation>
    </message>
    <message>
        <source>Saved. Press %1 or choose Undo to go back.</source>
        <translation>已保存。按 %1 或选择“撤销”可以还原。</translation>
    </message>
    <message>
        <source>Delete Items</source>
        <translation>删除条目</translation>
    </message>
    <message>
        <source>Could not delete “%1”.</source>
        <translation>无法删除“%1”。</translation>
    </message>
    <message numerus="yes">
        <source>The model no longer sees %Ln message(s). Press %1 or choose Undo to bring it back.</source>
        <translation>
            <numerusform>模型不会再看到这 %Ln 条消息。按 %1 或选择“撤销”可以找回。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Deleted %Ln item(s). Press %1 or choose Undo to bring it back.</source>
        <translation>
            <numerusform>已删除 %Ln 个条目。按 %1 或选择“撤销”可以找回。</numerusform>
        </translation>
    </message>
    <message>
        <source>There is nothing to undo.</source>
        <translation>没有可以撤销的操作。</translation>
    </message>
    <message>
        <source>Could not undo the last change.</source>
        <translation>无法撤销上一次修改。</translation>
    </message>
    <message>
        <source>Undid your last change.</source>
        <translation>已撤销你上一次的修改。</translation>
    </message>
    <message>
        <source>Could not read the history.</source>
        <translation>无法读取变更记录。</translation>
    </message>
    <message>
        <source>Could not add the fact.</source>
        <translation>无法添加这条事实。</translation>
    </message>
    <message>
        <source>Added. The fact waits for your confirmation.</source>
        <translation>已添加。这条事实正在等待你确认。</translation>
    </message>
    <message>
        <source>Added. The assistant will remember it.</source>
        <translation>已添加。助手会记住它。</translation>
    </message>
    <message>
        <source>Could not confirm “%1”.</source>
        <translation>无法确认“%1”。</translation>
    </message>
    <message numerus="yes">
        <source>Confirmed %Ln fact(s). They are used in replies from now on.</source>
        <translation>
            <numerusform>已确认 %Ln 条事实，之后的回复会用到它们。</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not reject “%1”.</source>
        <translation>无法拒绝“%1”。</translation>
    </message>
    <message numerus="yes">
        <source>Rejected %Ln fact(s). They will not be used.</source>
        <translation>
            <numerusform>已拒绝 %Ln 条事实，它们不会被使用。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Restored %Ln episode(s) to memory.</source>
        <translation>
            <numerusform>已将 %Ln 段经历恢复到记忆中。</numerusform>
        </translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>记忆</translation>
    </message>
    <message>
        <source>%1

%2</source>
        <translation>%1

%2</translation>
    </message>
    <message>
        <source>New value of “%1 · %2”:</source>
        <translation>“%1 · %2”的新值：</translation>
    </message>
    <message>
        <source>Nothing remembered yet. As you chat, facts about you, past exchanges and the current conversation appear here. To add a fact yourself, use Add Fact.</source>
        <translation>还没有记住任何内容。聊天时，关于你的事实、过往的对话和当前对话会出现在这里。想亲手添加一条，请用“添加事实”。</translation>
    </message>
    <message>
        <source>Memory tiers</source>
        <translation>记忆层级</translation>
    </message>
    <message>
        <source>Facts about you</source>
        <translation>关于你的事实</translation>
    </message>
    <message>
        <source>Past exchanges and summaries</source>
        <translation>过往的对话与摘要</translation>
    </message>
    <message>
        <source>The current conversation window</source>
        <translation>当前对话窗口</translation>
    </message>
    <message>
        <source>Archived memories</source>
        <translation>已归档的记忆</translation>
    </message>
    <message numerus="yes">
        <source>Delete %Ln item(s)? One Undo brings them all back.</source>
        <translation>
            <numerusform>删除 %Ln 项？撤销一次即可全部恢复。</numerusform>
        </translation>
    </message>
    <message>
        <source>Show &amp;Where This Came From</source>
        <translation>查看来源(&amp;W)</translation>
    </message>
    <message>
        <source>Open the conversation at the message this was learned from</source>
        <translation>打开对话，并定位到记下它的那条消息</translation>
    </message>
    <message>
        <source>Nothing tells where this came from: it was added by hand or imported.</source>
        <translation>无从得知它的来源：它是手动添加或导入的。</translation>
    </message>
    <message>
        <source>Search all memory</source>
        <translation>搜索全部记忆</translation>
    </message>
    <message>
        <source>Searches every tab at once; each tab says how many of its items match</source>
        <translation>同时搜索所有标签页；每个标签页会显示其中匹配的条目数</translation>
    </message>
    <message>
        <source>Search all memory…</source>
        <translation>搜索全部记忆…</translation>
    </message>
    <message>
        <source>Filters</source>
        <translation>筛选</translation>
    </message>
    <message>
        <source>Show only memories from a source, a conversation or a time, or only pinned ones</source>
        <translation>只显示某个来源、某个对话或某段时间的记忆，或只显示置顶的记忆</translation>
    </message>
    <message>
        <source>Could not read the conversations: %1</source>
        <translation>无法读取对话：%1</translation>
    </message>
    <message>
        <source>Filters (%1)</source>
        <translation>筛选（%1）</translation>
    </message>
    <message>
        <source>Could not restore the selected episodes.</source>
        <translation>无法恢复所选的经历。</translation>
    </message>
</context>
<context>
    <name>engram::MemorySecretStore</name>
    <message>
        <source>No keychain service is running.</source>
        <translation>没有正在运行的钥匙串服务。</translation>
    </message>
</context>
<context>
    <name>engram::MemoryStoragePage</name>
    <message>
        <source>Enter the server&apos;s address, or choose “On this computer”.</source>
        <translation>请填写服务器地址，或选择“在这台电脑上”。</translation>
    </message>
    <message>
        <source>This address cannot be used: %1</source>
        <translation>无法使用这个地址：%1</translation>
    </message>
    <message>
        <source>A server&apos;s address starts with postgresql://, for example postgresql://me@db.example.org:5432/engram.</source>
        <translation>服务器地址以 postgresql:// 开头，例如 postgresql://me@db.example.org:5432/engram。</translation>
    </message>
    <message>
        <source>The password is kept in the system keychain, never in the settings file. Leave it empty to use PGPASSWORD or ~/.pgpass.</source>
        <translation>密码保存在系统钥匙串中，绝不会写进设置文件。留空则使用 PGPASSWORD 或 ~/.pgpass。</translation>
    </message>
    <message>
        <source>%1 The password is kept only until Engram quits and is never written to a file; at the next start Engram needs PGPASSWORD or ~/.pgpass.</source>
        <translation>%1 密码只保留到 Engram 退出，绝不会写入文件；下次启动时 Engram 需要 PGPASSWORD 或 ~/.pgpass。</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>正在连接…</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <source>Connected: PostgreSQL %1. No memory is kept there yet.</source>
        <translation>已连接：PostgreSQL %1。服务器上还没有任何记忆。</translation>
    </message>
    <message numerus="yes">
        <source>Connected: PostgreSQL %1, with the memory of %Ln profile(s).</source>
        <translation>
            <numerusform>已连接：PostgreSQL %1，服务器上有 %Ln 个档案的记忆。</numerusform>
        </translation>
    </message>
    <message>
        <source>Where Engram keeps its memory: the conversations, facts and summaries of every profile.</source>
        <translation>Engram 存放记忆的地方：所有档案的对话、事实和摘要都在这里。</translation>
    </message>
    <message>
        <source>On this &amp;computer</source>
        <translation>在这台电脑上(&amp;C)</translation>
    </message>
    <message>
        <source>Memory file:</source>
        <translation>记忆文件：</translation>
    </message>
    <message>
        <source>On a &amp;PostgreSQL server</source>
        <translation>在 PostgreSQL 服务器上(&amp;P)</translation>
    </message>
    <message>
        <source>One memory for several devices or a team, kept by a server you run</source>
        <translation>多台设备或整个团队共用一份记忆，保存在你自己运行的服务器上</translation>
    </message>
    <message>
        <source>&amp;Address:</source>
        <translation>地址(&amp;A)：</translation>
    </message>
    <message>
        <source>Pass&amp;word:</source>
        <translation>密码(&amp;W)：</translation>
    </message>
    <message>
        <source>&amp;Test Connection</source>
        <translation>测试连接(&amp;T)</translation>
    </message>
    <message>
        <source>Open the server with this address and password, as the next start will</source>
        <translation>用这个地址和密码打开服务器，和下次启动时一样</translation>
    </message>
    <message>
        <source>Engram uses the new place from its next start. Nothing is copied between the two: to take your memory along, run “engram-cli migrate --from &lt;old&gt; --to &lt;new&gt;” while Engram is closed.</source>
        <translation>Engram 从下次启动起使用新的位置。两处之间不会自动复制任何内容：要把记忆一起带过去，请在关闭 Engram 后运行“engram-cli migrate --from &lt;旧位置&gt; --to &lt;新位置&gt;”。</translation>
    </message>
    <message>
        <source>In use now: %1</source>
        <translation>当前使用：%1</translation>
    </message>
</context>
<context>
    <name>engram::MemoryTransfer</name>
    <message>
        <source>Engram memory (*.json);;All files (*)</source>
        <translation>Engram 记忆 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Export Memory</source>
        <translation>导出记忆</translation>
    </message>
    <message>
        <source>The memory could not be exported.</source>
        <translation>无法导出记忆。</translation>
    </message>
    <message>
        <source>Exported %1 facts, %2 episodes and %3 messages to %4.</source>
        <translation>已将 %1 条事实、%2 段经历和 %3 条消息导出到 %4。</translation>
    </message>
    <message>
        <source>Import Memory</source>
        <translation>导入记忆</translation>
    </message>
    <message>
        <source>Nothing was imported.</source>
        <translation>没有导入任何内容。</translation>
    </message>
    <message>
        <source>Added %1 facts, %2 episodes and %3 messages; skipped %4 already remembered.</source>
        <translation>已添加 %1 条事实、%2 段经历和 %3 条消息；跳过了 %4 条已记住的内容。</translation>
    </message>
    <message>
        <source>%1 facts disagree with what is remembered and wait for you to confirm them in the Profile tab.</source>
        <translation>有 %1 条事实与已记住的内容不一致，正在“资料”标签页中等待你确认。</translation>
    </message>
    <message>
        <source>The memory was imported.</source>
        <translation>记忆已导入。</translation>
    </message>
    <message>
        <source>Imported %1 items.</source>
        <translation>已导入 %1 个条目。</translation>
    </message>
    <message>
        <source>Save a Backup First</source>
        <translation>先保存备份</translation>
    </message>
    <message>
        <source>Clear My Memory</source>
        <translation>清除我的记忆</translation>
    </message>
    <message>
        <source>Nothing was cleared.</source>
        <translation>没有清除任何内容。</translation>
    </message>
    <message>
        <source>Cleared %1 facts, %2 episodes and %3 messages.</source>
        <translation>已清除 %1 条事实、%2 段经历和 %3 条消息。</translation>
    </message>
    <message>
        <source>A backup is in %1.</source>
        <translation>备份保存在 %1。</translation>
    </message>
    <message>
        <source>Erase everything the assistant remembers about “%1”?</source>
        <translation>要抹去助手关于“%1”记住的一切吗？</translation>
    </message>
    <message>
        <source>%1 facts, %2 episodes, %3 messages in the working window and %4 archived episodes are erased, with their history. This cannot be undone.</source>
        <translation>%1 条事实、%2 段经历、工作记忆中的 %3 条消息和 %4 段已归档的经历将连同变更记录一起被抹去。此操作无法撤销。</translation>
    </message>
    <message>
        <source>Save a backup first</source>
        <translation>先保存一份备份</translation>
    </message>
    <message>
        <source>engram-memory-%1-%2.json</source>
        <extracomment>Suggested file name of an export: the profile&apos;s name, then the date</extracomment>
        <translation>engram-memory-%1-%2.json</translation>
    </message>
</context>
<context>
    <name>engram::MessageWidget</name>
    <message>
        <source>This conversation</source>
        <translation>本对话</translation>
    </message>
    <message>
        <source>Past conversation</source>
        <translation>过往对话</translation>
    </message>
    <message>
        <source>Fact</source>
        <translation>事实</translation>
    </message>
    <message>
        <source>Archived</source>
        <translation>已归档</translation>
    </message>
    <message>
        <source>You</source>
        <translation>你</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>助手</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Copy this message to the clipboard</source>
        <translation>把这条消息复制到剪贴板</translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation>重新生成</translation>
    </message>
    <message>
        <source>Write this reply again</source>
        <translation>重新写这条回复</translation>
    </message>
    <message>
        <source>What the assistant was reminded of for this reply</source>
        <translation>助手为这条回复回想起的内容</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>重试</translation>
    </message>
    <message>
        <source>Send this message again</source>
        <translation>再次发送这条消息</translation>
    </message>
    <message>
        <source>thinking…</source>
        <translation>思考中…</translation>
    </message>
    <message>
        <source>writing…</source>
        <translation>输出中…</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>Memories used (%1)</source>
        <translation>用到的记忆（%1）</translation>
    </message>
    <message numerus="yes">
        <source>%1 · %2 · %Ln token(s)</source>
        <extracomment>One memory that went into a reply: its kind, its text, and how many tokens it took</extracomment>
        <translation>
            <numerusform>%1 · %2 · %Ln 个词元</numerusform>
        </translation>
    </message>
    <message>
        <source>Show this item in the memory panel</source>
        <translation>在记忆面板中显示这一条</translation>
    </message>
</context>
<context>
    <name>engram::OfflineChatEngine</name>
    <message>
        <source>There is nothing to undo.</source>
        <translation>没有可以撤销的操作。</translation>
    </message>
    <message>
        <source>No model client is connected in this build.</source>
        <translation>这个版本还没有接入模型客户端。</translation>
    </message>
</context>
<context>
    <name>engram::SettingsDialog</name>
    <message>
        <source>Custom</source>
        <translation>自定义</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source> s</source>
        <comment>unit suffix of a number of seconds</comment>
        <translation> 秒</translation>
    </message>
    <message>
        <source> tokens</source>
        <comment>unit suffix of a token budget</comment>
        <translation> 词元</translation>
    </message>
    <message>
        <source> days</source>
        <comment>unit suffix of a number of days</comment>
        <translation> 天</translation>
    </message>
    <message>
        <source>Never</source>
        <translation>从不</translation>
    </message>
    <message>
        <source>Available once a model client is connected</source>
        <translation>接入模型客户端后可用</translation>
    </message>
    <message>
        <source>Using the key from the environment</source>
        <translation>正在使用环境变量中的密钥</translation>
    </message>
    <message>
        <source>Send a short request with these settings</source>
        <translation>用这些设置发送一个简短请求</translation>
    </message>
    <message>
        <source>The key is kept in the system keychain, never in a file.</source>
        <translation>密钥保存在系统钥匙串中，不会写入文件。</translation>
    </message>
    <message>
        <source>%1 The key is kept only until Engram quits and is never written to a file; enter it again after a restart.</source>
        <translation>%1密钥只保留到 Engram 退出为止，不会写入任何文件；重启后请重新输入。</translation>
    </message>
    <message>
        <source>Testing…</source>
        <translation>正在测试…</translation>
    </message>
    <message>
        <source>Connected. %1</source>
        <translation>已连接。%1</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <source>Connected Tools</source>
        <translation>已连接的工具</translation>
    </message>
    <message>
        <source>Memory Storage</source>
        <translation>记忆存储</translation>
    </message>
</context>
<context>
    <name>engram::SetupDialog</name>
    <message>
        <source>Looking for Ollama on this computer…</source>
        <translation>正在这台电脑上查找 Ollama…</translation>
    </message>
    <message numerus="yes">
        <source>Ollama runs on this computer with %Ln model(s). Choose the one that answers you:</source>
        <translation>
            <numerusform>这台电脑上运行着 Ollama，有 %Ln 个模型。选择一个来回答你：</numerusform>
        </translation>
    </message>
    <message>
        <source>Or use a provider on the internet:</source>
        <translation>或者使用网上的服务商：</translation>
    </message>
    <message>
        <source>Ollama runs on this computer but has no chat model yet. Get one with “ollama pull %1” in a terminal and look again, or choose a provider:</source>
        <translation>这台电脑上运行着 Ollama，但还没有聊天模型。在终端中运行“ollama pull %1”获取一个后再查找，或者选择一个服务商：</translation>
    </message>
    <message>
        <source>No Ollama answered at %1. Install it from ollama.com and look again, or choose a provider:</source>
        <translation>%1 上没有 Ollama 应答。从 ollama.com 安装后再查找，或者选择一个服务商：</translation>
    </message>
    <message>
        <source>Engram remembers what you tell it, facts about you and what you talked about, so you need not introduce yourself again. All of it stays in one file on this computer, %1, and the panel “What the assistant remembers” shows every item, to correct or delete.</source>
        <translation>Engram 会记住你告诉它的事：关于你的事实，以及你们聊过的内容，这样你就不必一再自我介绍。这些都保存在这台电脑上的一个文件里（%1），“助手记得什么”面板会列出每一条，供你修改或删除。</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>自定义</translation>
    </message>
    <message>
        <source>None: find memories by their words only</source>
        <translation>不使用：只按字词查找记忆</translation>
    </message>
    <message>
        <source>Start Chatting</source>
        <translation>开始聊天</translation>
    </message>
    <message>
        <source>Skip for Now</source>
        <translation>暂时跳过</translation>
    </message>
    <message>
        <source>Any server that speaks the OpenAI API: enter its address, usually ending in /v1.</source>
        <translation>任何兼容 OpenAI API 的服务器：填写它的地址，通常以 /v1 结尾。</translation>
    </message>
    <message>
        <source>%1 needs an API key: create one at %2.</source>
        <translation>%1 需要 API 密钥：请在 %2 创建。</translation>
    </message>
    <message>
        <source>Runs on your own computer, no key needed: %1.</source>
        <translation>在你自己的电脑上运行，无需密钥：%1。</translation>
    </message>
    <message>
        <source>Testing…</source>
        <translation>正在测试…</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <source>The key could not be stored: %1</source>
        <translation>无法保存密钥：%1</translation>
    </message>
</context>
<context>
    <name>engram::WorkingTableModel</name>
    <message>
        <source>Role</source>
        <translation>角色</translation>
    </message>
    <message>
        <source>Content</source>
        <translation>内容</translation>
    </message>
    <message>
        <source>What the model sees</source>
        <translation>模型看到的内容</translation>
    </message>
    <message>
        <source>Pinned</source>
        <translation>置顶</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>You changed what the model sees. The chat still shows the original.</source>
        <translation>你修改了模型看到的内容，对话中仍显示原文。</translation>
    </message>
    <message>
        <source>The model sees the message as it was written.</source>
        <translation>模型看到的是消息原文。</translation>
    </message>
    <message>
        <source>You</source>
        <translation>你</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>助手</translation>
    </message>
    <message>
        <source>System</source>
        <translation>系统</translation>
    </message>
</context>
</TS>
